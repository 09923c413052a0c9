// The public entries of the engine for plugins, one list for Vite and Vitest (tsconfig.json `paths`
// names the same files; tests/contract/plugin-entry.test.ts checks the two agree).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Specifier → file, relative to the repository root. */
export const publicEntries: Readonly<Record<string, string>> = {
  '@portal/plugin-api': 'src/plugin-api/index.ts',
  '@portal/plugin-api/studio': 'src/plugin-api/studio.ts',
  '@portal/plugin-api/testing': 'src/testing/index.ts',
  '@portal/ui': 'src/ui/index.ts',
};

/** Exact-match aliases (`@portal/ui` never matches `@portal/ui/x`). */
export const entryAliases = Object.entries(publicEntries).map(([specifier, file]) => ({
  find: new RegExp(`^${specifier.replaceAll('/', '\\/')}$`),
  replacement: path.join(repoRoot, file),
}));

/** The entries only re-export: no side effects, so an importer pulls in only the modules it uses. */
export const barrelFiles: ReadonlySet<string> = new Set(entryAliases.map((alias) => alias.replacement));
