/*
 * The define functions and types of the plugin contract. They live with the registry in src/plugin-host
 * (the grid and the registry below plugin-api read them); plugins import them from `@portal/plugin-api`.
 */
export {
  definePage,
  definePlugin,
  defineWidget,
  linkOptions,
  urlOption,
} from '../plugin-host/plugin-definition.ts';
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
} from '../plugin-host/plugin-definition.ts';
