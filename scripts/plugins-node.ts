// The plugins as the engine finds them (src/app/plugins.ts, `import.meta.glob('plugins/*/index.ts')`),
// for the Node scripts that run outside Vite (npm run validate).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PluginDefinition } from '../src/plugin-host/plugin-definition.ts';

const defaultPluginsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../plugins');

/** `dir`: another checkout's plugins (the CLI run in a copy of the repository). */
export async function loadPlugins(pluginsDir = defaultPluginsDir): Promise<PluginDefinition[]> {
  const indexes = readdirSync(pluginsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(pluginsDir, entry.name, 'index.ts'))
    .filter((file) => existsSync(file))
    .sort();
  const modules = await Promise.all(
    indexes.map((file) => import(pathToFileURL(file).href) as Promise<{ default: PluginDefinition }>),
  );
  return modules.map((module) => module.default);
}
