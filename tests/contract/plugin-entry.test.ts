// The public entries of the engine are listed twice: scripts/aliases.ts for Vite and Vitest, tsconfig.json
// `paths` for the type checker. A specifier in one list only would type-check and fail to bundle, or
// bundle with no types: the two must name the same specifiers and the same files.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { publicEntries } from '../../scripts/aliases.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const tsconfigPath = path.join(repoRoot, 'tsconfig.json');

function tsconfigPaths(): Record<string, string[]> {
  const parsed = ts.parseConfigFileTextToJson(tsconfigPath, readFileSync(tsconfigPath, 'utf8'));
  if (parsed.error) throw new Error(ts.flattenDiagnosticMessageText(parsed.error.messageText, '\n'));
  const config: unknown = parsed.config;
  return (config as { compilerOptions?: { paths?: Record<string, string[]> } }).compilerOptions?.paths ?? {};
}

describe('public entries (scripts/aliases.ts and tsconfig.json paths)', () => {
  it('name the same specifiers, each mapped to the same one file', () => {
    const fromTsconfig = Object.fromEntries(
      Object.entries(tsconfigPaths()).map(([specifier, files]) => [
        specifier,
        files.map((file) => path.posix.normalize(file)),
      ]),
    );
    const fromAliases = Object.fromEntries(
      Object.entries(publicEntries).map(([specifier, file]) => [specifier, [path.posix.normalize(file)]]),
    );
    expect(fromTsconfig).toEqual(fromAliases);
  });

  it('point at files that exist', () => {
    const missing = Object.values(publicEntries).filter((file) => !existsSync(path.join(repoRoot, file)));
    expect(missing).toEqual([]);
  });
});
