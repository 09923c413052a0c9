/*
 * A plugin's translations. The hook lives in src/plugin-host (the grid titles widgets with it); plugins
 * bind their namespace once with `pluginTranslation` from `@portal/plugin-api`.
 */
export { pluginTranslation } from '../plugin-host/plugin-translation.ts';
export type { TranslationKey, TypedPluginTranslate } from '../plugin-host/plugin-translation.ts';
