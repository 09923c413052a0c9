// A throw-away copy of the repository for tests that must change sources and run the real tools on them
// (a generated plugin, a deliberately heavy login page): the working tree without its build outputs,
// sharing node_modules through a link.
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const skipped = new Set(['node_modules', '.git', 'dist', 'dist-bench', '.data', 'test-results', 'coverage']);

export function copyRepository(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(root, dir, { recursive: true, filter: (source) => !skipped.has(source.split('/').pop() ?? '') });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
