import type { PluginDefinition } from '../plugin-host/plugin-definition.ts';

/**
 * Every plugin of the portal, found by its folder: `plugins/<id>/index.ts` default-exports a
 * `definePlugin(...)`. Adding a plugin is a folder and a manifest line; no engine file names it.
 * Order does not matter; ids must be unique (the registry checks both at start).
 */
export const plugins: readonly PluginDefinition[] = Object.values(
  import.meta.glob<PluginDefinition>('../../plugins/*/index.ts', { eager: true, import: 'default' }),
);
