// `portal validate [file]` (and `npm run validate`): schema check and semantic lint of a manifest, with the
// plugin list of plugins/ (found as the engine finds them) and each placement's options checked.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { formatProblems } from '../../kernel/manifest/problems.ts';
import { validateManifestSource } from '../../kernel/manifest/validate.ts';
import { createPluginRegistry } from '../../src/plugin-host/registry.ts';
import { loadPlugins } from '../plugins-node.ts';
import { createWidgetOptionsCheck } from '../widget-options-check.ts';
import type { CliIo, ExitCode } from './io.ts';

/** Prints `file:line:col  /json/pointer  message` per problem; 1 on any. */
export async function validateCommand(file: string | undefined, io: CliIo): Promise<ExitCode> {
  const path = resolve(io.cwd, file ?? 'portal.config.json');
  const shown = relative(io.cwd, path) || path;
  let source: string;
  try {
    source = readFileSync(path, 'utf8');
  } catch (error) {
    io.err(`${shown}  cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  // The plugins of the checkout the command runs in (this one's when run elsewhere).
  const here = join(io.cwd, 'plugins');
  const known = createPluginRegistry(await loadPlugins(existsSync(here) ? here : undefined)).known;
  const result = validateManifestSource(source, { ...known, checkOptions: createWidgetOptionsCheck() });
  if (result.ok) {
    io.out(`${shown}: valid`);
    return 0;
  }
  io.err(formatProblems(shown, result.problems));
  io.err(`\n${String(result.problems.length)} problem(s) in ${shown}`);
  return 1;
}
