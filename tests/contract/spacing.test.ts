// docs/ui.md: one spacing scale. Screens space their parts with the theme's names (src/app/theme.ts), never
// a number of pixels, so a change of the scale changes every screen alike.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');

function screenFiles(dir: string): string[] {
  return readdirSync(path.join(repoRoot, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx'))
    .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)));
}

// Mantine's spacing props; 0 is allowed (no space is not a step of the scale).
const NUMERIC_SPACING =
  /\b(gap|rowGap|columnGap|spacing|verticalSpacing|p|px|py|pt|pb|pl|pr|m|mx|my|mt|mb|ml|mr)=\{(?!0\})-?\d/g;

describe('one spacing scale', () => {
  it('spaces the plugins’ screens and the shared parts with the theme’s names only', () => {
    const found = ['plugins', 'src/ui'].flatMap(screenFiles).flatMap((file) => {
      const text = readFileSync(path.join(repoRoot, file), 'utf8');
      return [...text.matchAll(NUMERIC_SPACING)].map((match) => {
        const line = text.slice(0, match.index).split('\n').length;
        return `${file}:${String(line)} ${match[0]}`;
      });
    });
    expect(found).toEqual([]);
  });
});
