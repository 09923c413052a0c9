import type { ComponentType } from 'react';

/** A widget's width in grid cells; 4 is the full width. */
export type WidgetSize = 1 | 2 | 3 | 4;

/** What a lazy plugin module must export: its component as default. */
export type LazyComponent<Props = object> = () => Promise<{ default: ComponentType<Props> }>;

/** Props every widget component receives from the home grid. */
export type WidgetProps = {
  /** The `plugin/name` reference of this widget. */
  widgetId: string;
  /** The size the manifest gives it, 1..4 cells. */
  size: WidgetSize;
};

export type PageDefinition = {
  /** kebab-case; the manifest mounts it as `<plugin-id>/<name>`. */
  name: string;
  component: LazyComponent;
};

export type WidgetDefinition = {
  name: string;
  /** The sizes the widget can be shown at; the manifest must pick one of them. */
  sizes: readonly WidgetSize[];
  component: LazyComponent<WidgetProps>;
  /** An optional customer permission code the user must hold (SPEC 'Home widgets'). */
  permission?: string;
};

/** A plugin's translations: a loader per language, each a flat or nested key → string JSON. */
export type PluginLocales = Readonly<Record<string, () => Promise<{ default: Record<string, unknown> }>>>;

export type PluginDefinition = {
  /** kebab-case, equal to the plugin's folder name; also its i18next namespace. */
  id: string;
  pages?: readonly PageDefinition[];
  widgets?: readonly WidgetDefinition[];
  locales?: PluginLocales;
};

/**
 * Declares a plugin. The value is default-exported from `plugins/<id>/index.ts` and listed in
 * `src/app/plugins.ts`.
 *
 * @example
 * export default definePlugin({
 *   id: 'news',
 *   widgets: [defineWidget({ name: 'rss', sizes: [1, 2, 3, 4], component: () => import('./rss-widget') })],
 *   locales: { 'fr-FR': () => import('../../locales/fr-FR/news.json'), en: () => import('../../locales/en/news.json') },
 * });
 */
export function definePlugin(plugin: PluginDefinition): PluginDefinition {
  return plugin;
}

/**
 * Declares a page that a route of the manifest mounts with `"page": "<plugin-id>/<name>"`.
 *
 * @example
 * definePage({ name: 'list', component: () => import('./reports-page') })
 */
export function definePage(page: PageDefinition): PageDefinition {
  return page;
}

/**
 * Declares a home widget that the manifest places with `{ "widget": "<plugin-id>/<name>", "size": 2 }`.
 *
 * @example
 * defineWidget({ name: 'rss', sizes: [2, 4], component: () => import('./rss-widget') })
 */
export function defineWidget(widget: WidgetDefinition): WidgetDefinition {
  return widget;
}
