// @vitest-environment node
// Proves the import-boundary zones of eslint.config.js fire, on virtual files (nothing is written).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import cases from './import-cases.json' with { type: 'json' };

const repoRoot = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  // Virtual files are in no tsconfig, so only the syntactic rules run; the zones need no types.
  eslint = new ESLint({ cwd: repoRoot, overrideConfig: tseslint.configs.disableTypeChecked });
});

async function ruleIdsFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  const messages = result?.messages ?? [];
  // A parse error or an ignored file would make every "is allowed" case pass for the wrong reason.
  expect(result?.fatalErrorCount).toBe(0);
  expect(messages.filter((message) => message.ruleId === null)).toEqual([]);
  return messages.map((message) => message.ruleId ?? message.message);
}

const zoneErrors = (ids: string[]) => ids.filter((id) => id === 'portal/import-zones').length;
/** Errors of the second zone rule: which side of the house (kernel, portal, gateway) a file may reach. */
const sideErrors = (ids: string[]) => ids.filter((id) => id === 'portal/import-sides').length;

const RULES = { zones: zoneErrors, sides: sideErrors };

type ImportCases = {
  rule: keyof typeof RULES;
  errors: number;
  title: string;
  imports: readonly (readonly string[])[];
};

describe('import-boundary zones', () => {
  // One test per `[file, import]` of import-cases.json: the import in that file makes `errors` errors of its rule.
  for (const { rule, errors, title, imports } of cases.groups as readonly ImportCases[]) {
    const pairs = imports.map(([file = '', code = '']) => [file, code] as const);
    it.each(pairs)(title, async (file, code) => {
      expect(RULES[rule](await ruleIdsFor(file, code))).toBe(errors);
    });
  }

  it("a plugin may not load another plugin's translations", async () => {
    const ids = await ruleIdsFor('plugins/alpha/index.ts', "import m from '../../locales/en/beta.json';");
    expect(zoneErrors(ids)).toBe(1);
  });

  it('the engine never imports a plugin (it finds them), except the test kit', async () => {
    const code = "import alpha from '../../plugins/alpha/index';";
    expect(zoneErrors(await ruleIdsFor('src/shell/sidebar.tsx', code))).toBe(1);
    expect(zoneErrors(await ruleIdsFor('src/app/plugins.ts', code))).toBe(1);
    expect(zoneErrors(await ruleIdsFor('src/testing/render-portal.tsx', code))).toBe(0);
  });

  it('every folder of gateway/src is placed in a layer (none may import the wiring in gateway.ts)', async () => {
    const folders = readdirSync(path.join(repoRoot, 'gateway/src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders).toContain('kernel');
    for (const folder of folders) {
      const ids = await ruleIdsFor(`gateway/src/${folder}/x.ts`, "import { start } from '../gateway.ts';");
      expect({ folder, errors: zoneErrors(ids) }).toEqual({ folder, errors: 1 });
    }
  });

  it("a gateway zone's message names the layering", async () => {
    const [result] = await eslint.lintText("import { x } from '../people/people-store.ts';", {
      filePath: path.join(repoRoot, 'gateway/src/documents/x.ts'),
    });
    const message = result?.messages.find((m) => m.ruleId === 'portal/import-zones')?.message;
    expect(message).toContain('gateway/src/people/people-store.ts');
    expect(message).toContain('never another feature');
  });

  it('the pure layers import no React', async () => {
    const restricted = (ids: string[]) => ids.filter((id) => id === 'no-restricted-imports').length;
    for (const folder of [
      'src/manifest',
      'src/session',
      'src/logging',
      'kernel/conditions',
      'kernel/contract',
    ])
      expect(restricted(await ruleIdsFor(`${folder}/x.ts`, "import { useState } from 'react';"))).toBe(1);
    expect(restricted(await ruleIdsFor('src/routing/x.ts', "import { useState } from 'react';"))).toBe(0);
  });

  it('a plugin imports the engine only through its public entries', async () => {
    const restricted = (ids: string[]) => ids.filter((id) => id === 'no-restricted-imports').length;
    const entry = (specifier: string) => `import * as api from '${specifier}';`;
    for (const specifier of ['@portal/plugin-api', '@portal/plugin-api/studio', '@portal/ui'])
      expect(restricted(await ruleIdsFor('plugins/alpha/index.ts', entry(specifier)))).toBe(0);
    for (const specifier of [
      '@portal/plugin-api/hooks',
      // The home grid is the engine's (a route's `homeGrid`), no longer an entry of plugins.
      '@portal/plugin-api/home-grid',
      '@portal/ui/data-table',
      '@portal/plugin-api/testing',
    ])
      expect(restricted(await ruleIdsFor('plugins/alpha/index.ts', entry(specifier)))).toBe(1);
    expect(
      restricted(await ruleIdsFor('plugins/alpha/a.test.tsx', entry('@portal/plugin-api/testing'))),
    ).toBe(0);
    expect(
      restricted(await ruleIdsFor('plugins/alpha/a.test.tsx', entry('@portal/plugin-api/registry'))),
    ).toBe(1);
  });

  it('the raw react-redux hooks are only imported by src/store/hooks.ts', async () => {
    const code = "import { useSelector, useDispatch } from 'react-redux';";
    const restricted = (ids: string[]) => ids.filter((id) => id === 'no-restricted-imports').length;
    expect(restricted(await ruleIdsFor('src/shell/header.tsx', code))).toBe(2);
    expect(restricted(await ruleIdsFor('plugins/alpha/index.ts', code))).toBe(2);
    expect(restricted(await ruleIdsFor('src/store/hooks.ts', code))).toBe(0);
    expect(restricted(await ruleIdsFor('src/app/store.ts', "import { Provider } from 'react-redux';"))).toBe(
      0,
    );
  });
});
