// @vitest-environment node
import { execFileSync } from 'node:child_process';
import type { ExecFileSyncOptions } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { patchedManifestSource } from '../src/testing/manifest.ts';

const root = join(import.meta.dirname, '..');
const tsx = join(root, 'node_modules/.bin/tsx');
const options: ExecFileSyncOptions = { cwd: root, encoding: 'utf8', stdio: 'pipe', timeout: 60_000 };

function validate(file?: string): { code: number; out: string } {
  try {
    const out = execFileSync(
      tsx,
      ['scripts/validate-manifest.ts', ...(file === undefined ? [] : [file])],
      options,
    );
    return { code: 0, out: String(out) };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, out: failed.stdout + failed.stderr };
  }
}

/** Validates the real manifest with `patch` applied, written as `name` in a directory of its own. */
function validatePatched(name: string, patch: string): { code: number; out: string } {
  const file = join(mkdtempSync(join(tmpdir(), 'portal-validate-')), name);
  writeFileSync(file, patchedManifestSource(patch));
  return validate(file);
}

describe('npm run validate', () => {
  it('accepts the real manifest with the real plugin list', () => {
    const result = validate();
    expect(result.out).toContain('portal.config.json: valid');
    expect(result.code).toBe(0);
  });

  it('prints file:line:col, pointer and message for each problem and exits 1', () => {
    const result = validate('tests/fixtures/manifests/line-col/unknown-key.json');
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      'tests/fixtures/manifests/line-col/unknown-key.json:4:5  /session/tokenKeys  unknown key "tokenKeys"',
    );
  });

  it('checks page and widget references against the plugins', () => {
    const result = validatePatched('unknown-plugin.json', 'unknown-plugin.patch.json');
    expect(result.code).toBe(1);
    expect(result.out).toMatch(
      /\/homeWidgets\/sets\/2\/widgets\/1\/widget {2}unknown widget plugin "weather\/forecast"/,
    );
  });

  it("checks each widget's size and options against what its plugin declares, with line and column", () => {
    const result = validatePatched('widget-options.json', 'widget-options-invalid.patch.json');
    expect(result.code).toBe(1);
    expect(result.out).toMatch(
      /widget-options\.json:\d+:\d+ {2}\/homeWidgets\/sets\/2\/widgets\/0\/options\/maxItems {2}widget "news\/rss": must be 1 or more/,
    );
    expect(result.out).toMatch(
      /:\d+:\d+ {2}\/homeWidgets\/sets\/0\/widgets\/1\/options {2}widget "lab\/lab": missing required key "url"/,
    );
  });

  it('says so when the file cannot be read', () => {
    const result = validate('does-not-exist.json');
    expect(result.code).toBe(1);
    expect(result.out).toContain('cannot be read');
  });
});
