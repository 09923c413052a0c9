import type { ComponentType } from 'react';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { SAFE_URL_ID } from '../../kernel/schemas/safe-url-id.ts';
import type { safeUrlSchema } from '../../kernel/schemas/url.schema.ts';

/**
 * A widget's width in grid cells; 4 is the full width of a desktop row.
 *
 * @example
 * const sizes: readonly WidgetSize[] = [2, 4];
 */
export type WidgetSize = 1 | 2 | 3 | 4;

/** Every size a widget may declare, smallest first. */
export const WIDGET_SIZES: readonly WidgetSize[] = [1, 2, 3, 4];

/**
 * What a lazy plugin module must export: its component as default, so each page and widget is its own
 * chunk, loaded when first shown.
 *
 * @example
 * const load: LazyComponent<WidgetProps> = () => import('./rss-widget');
 */
export type LazyComponent<Props = object> = () => Promise<{ default: ComponentType<Props> }>;

/**
 * Props every widget component receives from the home grid. They stay the same object for the life of
 * the widget, so a widget re-renders only when its own data (hooks, queries) changes.
 *
 * @example
 * export default function RssWidget({ widgetId, size }: WidgetProps) {
 *   return <p data-size={size}>{widgetId}</p>;
 * }
 */
export type WidgetProps<Options = NoOptions> = {
  /** The `plugin/name` reference of this widget. */
  widgetId: string;
  /** The size the manifest (or the user's saved layout) gives it, 1..4 cells. */
  size: WidgetSize;
  /** The placement's `options` from the manifest, checked against the widget's schema before it is published. */
  options: Options;
};

/** The options of a widget that declares no schema: the manifest may give it none. */
type NoOptions = Readonly<Record<string, never>>;

/**
 * A JSON Schema (draft 2020-12, written `as const`) for the `options` a manifest placement gives a widget.
 *
 * @example
 * export const labOptions = {
 *   type: 'object',
 *   properties: { url: urlOption },
 *   required: ['url'],
 *   additionalProperties: false,
 * } as const satisfies WidgetOptionsSchema;
 */
export type WidgetOptionsSchema = JSONSchema & object;

/**
 * The schema of an address in a widget's options: `https://…` or a path of the portal's own origin, the
 * rule of every address of the manifest. Options schemas use patterns, not `format`: their precompiled
 * check ships to the browser and the gateway without ajv's format code. The rule is referred to by id
 * (the compilers add `safeUrlSchema`): the definitions every first page loads stay without the pattern.
 *
 * @example
 * export const labOptions = {
 *   type: 'object',
 *   properties: { url: urlOption },
 *   required: ['url'],
 *   additionalProperties: false,
 * } as const satisfies WidgetOptionsSchema;
 */
export const urlOption = { type: 'string', $ref: SAFE_URL_ID } as const;

/**
 * The options of a widget that presents a page of the firm and links to it (`LinkWidget` of @portal/ui):
 * the page's address, which the manifest gives.
 *
 * @example
 * defineWidget({ name: 'lab', sizes: [1, 2], options: linkOptions, component: ... })
 */
export const linkOptions = {
  type: 'object',
  properties: { url: urlOption },
  required: ['url'],
  additionalProperties: false,
} as const satisfies WidgetOptionsSchema;

/**
 * The options type a schema describes, for the widget component's props.
 *
 * @example
 * export default function LabWidget({ options }: WidgetProps<WidgetOptions<typeof labOptions>>) {
 *   return <a href={options.url}>Lab</a>;
 * }
 */
export type WidgetOptions<Schema extends WidgetOptionsSchema> = FromSchema<
  Schema,
  { references: [typeof safeUrlSchema] }
>;

/**
 * A page a route of the manifest mounts with `"page": "<plugin-id>/<name>"`.
 *
 * @example
 * const page: PageDefinition = { name: 'list', component: () => import('./reports-page') };
 */
export type PageDefinition = {
  /** kebab-case; the manifest mounts it as `<plugin-id>/<name>`. */
  name: string;
  component: LazyComponent;
};

/**
 * A home widget the manifest places with `{ "widget": "<plugin-id>/<name>", "size": 2 }`.
 *
 * @example
 * const widget: WidgetDefinition = {
 *   name: 'rss',
 *   title: 'rss.title',
 *   sizes: [2, 4],
 *   component: () => import('./rss-widget'),
 * };
 */
export type WidgetDefinition = {
  /** kebab-case, unique within the plugin. */
  name: string;
  /**
   * Translation key, in the plugin's own namespace, of the widget's title (its region label);
   * `defineWidget` gives `<name>.title` when the plugin states none.
   */
  title: string;
  /** The sizes the widget can be shown at; the manifest must pick one of them. */
  sizes: readonly WidgetSize[];
  /**
   * Height in grid rows, known before the component's chunk arrives so the cell is sized up front
   * (no layout shift). Defaults to 2.
   */
  height?: number;
  component: LazyComponent<WidgetProps<unknown>>;
  /**
   * The JSON Schema of the placement's `options`; without it a placement may carry none. `npm run
   * validate` checks each placement's options against it, with the file, line and column of a problem.
   */
  options?: WidgetOptionsSchema;
  /**
   * An optional customer permission code the user must hold (SPEC 'Home widgets'). The manifest may
   * also put one on the placement; either way the code comes from configuration, not from JSX.
   */
  permission?: string;
};

/**
 * A plugin's translations: a loader per language. Optional: without it the engine loads
 * `locales/<lng>/<plugin-id>.json`, the plugin's own i18next namespace.
 *
 * @example
 * const locales: PluginLocales = { 'fr-FR': () => import('./fr.json'), en: () => import('./en.json') };
 */
export type PluginLocales = Readonly<Record<string, () => Promise<{ default: Record<string, unknown> }>>>;

/**
 * A plugin: pages and widgets of one business domain, with one i18next namespace equal to its id.
 *
 * @example
 * const plugin: PluginDefinition = { id: 'lab', widgets: [] };
 */
export type PluginDefinition = {
  /** kebab-case, equal to the plugin's folder name; also its i18next namespace. */
  id: string;
  pages?: readonly PageDefinition[];
  widgets?: readonly WidgetDefinition[];
  locales?: PluginLocales;
};

/**
 * Declares a plugin. The value is default-exported from `plugins/<id>/index.ts` and listed in
 * `src/app/plugins.ts`; a duplicate id or a bad shape stops the portal at start, naming the plugin.
 *
 * @example
 * export default definePlugin({
 *   id: 'news',
 *   widgets: [
 *     defineWidget({ name: 'rss', sizes: [1, 2, 3, 4], component: () => import('./rss-widget') }),
 *   ],
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

/** What `defineWidget` is given: the title key may be left to its default, `<name>.title`. */
type DeclaredWidget = Omit<WidgetDefinition, 'component' | 'options' | 'title'> & { title?: string };

/**
 * Declares a home widget that the manifest places with `{ "widget": "<plugin-id>/<name>", "size": 2 }`.
 * Its title is the plugin's `<name>.title` translation unless `title` names another key.
 *
 * @example
 * defineWidget({ name: 'rss', sizes: [2, 4], component: () => import('./rss-widget') })
 */
export function defineWidget(
  widget: DeclaredWidget & { component: LazyComponent<WidgetProps> },
): WidgetDefinition;
export function defineWidget<const Schema extends object>(
  widget: DeclaredWidget & {
    options: Schema;
    // Checked against the concrete schema only: a generic JSONSchema constraint is too deep for tsc.
    component: LazyComponent<
      WidgetProps<NoInfer<Schema> extends WidgetOptionsSchema ? WidgetOptions<NoInfer<Schema>> : never>
    >;
  },
): WidgetDefinition;
export function defineWidget(widget: DeclaredWidget): WidgetDefinition {
  // The component's options type comes from the schema (second overload), and the manifest's options
  // are checked against that schema; the registry stores widgets of every options type side by side.
  return { title: `${widget.name}.title`, ...widget } as WidgetDefinition;
}
