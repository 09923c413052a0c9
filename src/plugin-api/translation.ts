/*
 * A plugin's translations. The hook lives in src/runtime (the grid titles widgets with it); plugins
 * import it from `@portal/plugin-api`.
 */
export { usePluginTranslation } from '../runtime/plugin-translation.ts';
export type { PluginTranslate } from '../runtime/plugin-translation.ts';
