/*
 * A plugin's translations. The hook lives in src/runtime (the grid titles widgets with it); plugins
 * bind their namespace once with `pluginTranslation` from `@portal/plugin-api`.
 */
export { pluginTranslation } from '../runtime/plugin-translation.ts';
export type { TranslationKey, TypedPluginTranslate } from '../runtime/plugin-translation.ts';
