import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { formatProblems } from '../../kernel/manifest/problems.ts';
import { validateManifestSource } from '../../kernel/manifest/validate.ts';
import type { CliIo } from './io.ts';

/**
 * A manifest file checked with the schema and lint (not the plugin list: a manifest of another build may
 * name plugins this checkout lacks); problems are printed and undefined returned.
 */
export function readManifest(file: string, io: CliIo): PortalConfig | undefined {
  let source: string;
  try {
    source = readFileSync(resolve(io.cwd, file), 'utf8');
  } catch (error) {
    io.err(`${file}  cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  const result = validateManifestSource(source);
  if (result.ok) return result.config;
  io.err(formatProblems(file, result.problems));
  return undefined;
}
