// `portal diff <a> <b>`: what changed from manifest a to manifest b in the studio's words (moved, hidden,
// rule changed...), from the same module as the studio's publish tab (src/manifest/manifest-diff.ts).
import { describeChange, diffManifests } from '../../src/manifest/manifest-diff.ts';
import { translator } from './i18n.ts';
import type { CliIo, ExitCode } from './io.ts';
import { readManifest } from './manifest-file.ts';

/** One line per change, or the studio's "no changes"; 0 either way, 1 when a file cannot be used. */
export function diffCommand(before: string, after: string, io: CliIo, language?: string): ExitCode {
  const a = readManifest(before, io);
  const b = readManifest(after, io);
  if (a === undefined || b === undefined) return 1;
  const lng = language ?? b.app.defaultLocale;
  const t = translator(io.cwd, lng, 'studio');
  const label = translator(io.cwd, lng, 'common');
  const changes = diffManifests(a, b);
  if (changes.length === 0) io.out(t('diff.none'));
  for (const change of changes) io.out(describeChange(t, change, b, (key) => label(key)));
  return 0;
}
