/*
 * The define functions and types of the plugin contract. They live with the registry in src/runtime
 * (the grid and the registry below plugin-api read them); plugins import them from `@portal/plugin-api`.
 */
export { definePage, definePlugin, defineWidget, urlOption } from '../runtime/plugin-definition.ts';
export type {
  LazyComponent,
  PageDefinition,
  PluginDefinition,
  PluginLocales,
  WidgetDefinition,
  WidgetOptions,
  WidgetOptionsSchema,
  WidgetProps,
  WidgetSize,
} from '../runtime/plugin-definition.ts';
