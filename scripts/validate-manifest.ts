/**
 * `npm run validate [file]`: schema check and semantic lint of a manifest, with the plugin list of
 * plugins/ (found as the engine finds them). Prints `file:line:col  /json/pointer  message` per problem; exits 1 on any.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { formatProblems } from '../src/manifest/problems.ts';
import { validateManifestSource } from '../src/manifest/validate.ts';
import { createPluginRegistry } from '../src/runtime/registry.ts';
import { loadPlugins } from './plugins-node.ts';
import { createWidgetOptionsCheck } from './widget-options-check.ts';

const file = resolve(process.argv[2] ?? 'portal.config.json');
const shown = relative(process.cwd(), file) || file;
let source: string;
try {
  source = readFileSync(file, 'utf8');
} catch (error) {
  console.error(`${shown}  cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const known = createPluginRegistry(await loadPlugins()).known;
const result = validateManifestSource(source, { ...known, checkOptions: createWidgetOptionsCheck() });
if (result.ok) {
  console.log(`${shown}: valid`);
} else {
  console.error(formatProblems(shown, result.problems));
  console.error(`\n${String(result.problems.length)} problem(s) in ${shown}`);
  process.exit(1);
}
