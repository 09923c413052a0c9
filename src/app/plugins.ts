import type { PluginDefinition } from '../plugin-api/define.ts';

/** The one place that names every plugin. Order does not matter; ids must be unique. */
export const plugins: readonly PluginDefinition[] = [];
