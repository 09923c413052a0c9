// @vitest-environment node
// Proves the import-boundary zones of eslint.config.js fire, on virtual files (nothing is written).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

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

/** One test per `[file, import]`: the import in that file makes `errors` errors of the rule `count` counts. */
function importCases(
  count: (ids: string[]) => number,
  errors: 0 | 1,
  title: string,
  imports: readonly (readonly [file: string, code: string])[],
): void {
  it.each(imports)(title, async (file, code) => {
    expect(count(await ruleIdsFor(file, code))).toBe(errors);
  });
}

describe('import-boundary zones', () => {
  importCases(zoneErrors, 1, 'in %s, %s is an error', [
    ['plugins/alpha/index.ts', "import other from '../beta/index';"],
    ['plugins/alpha/pages/list.tsx', "import other from '../../beta/pages/list';"],
    ['plugins/alpha/pages/list.tsx', "export * from '../../../plugins/beta/index';"],
    ['plugins/alpha/index.ts', "const lazy = () => import('../beta/widget');"],
    ['plugins/alpha/index.ts', "import { store } from '../../src/app/store';"],
    ['plugins/alpha/index.ts', "import { readToken } from '../../src/session/token';"],
    ['plugins/alpha/index.ts', "import type { GatewayApi } from '../../src/api/gateway-api';"],
    ['plugins/alpha/index.ts', "import { seed } from '../../gateway/seed/demo-data';"],
    ['plugins/alpha/index.ts', "import { renderPortal } from '../../src/testing/render-portal';"],
    ['plugins/alpha/list.test.tsx', "import { renderPortal } from '../../src/testing/render-portal';"],
    ['plugins/alpha/index.ts', "import { definePlugin } from '../../src/plugin-api/define';"],
    ['plugins/alpha/pages/list.tsx', "import { DataTable } from '../../../src/ui/data-table';"],
  ]);

  importCases(zoneErrors, 0, 'in %s, %s is allowed', [
    ['plugins/alpha/index.ts', "import { list } from './pages/list';"],
    ['plugins/alpha/pages/list.tsx', "import { helper } from '../shared/helper';"],
    ['plugins/alpha/index.ts', "import messages from '../../locales/en/alpha.json';"],
    ['plugins/alpha/index.ts', "import { Button } from '@mantine/core';"],
    ['plugins/alpha/list.test.tsx', "import { fixture } from '../../tests/fixtures/manifests/valid';"],
  ]);

  it("a plugin may not load another plugin's translations", async () => {
    const ids = await ruleIdsFor('plugins/alpha/index.ts', "import m from '../../locales/en/beta.json';");
    expect(zoneErrors(ids)).toBe(1);
  });

  importCases(sideErrors, 1, 'the kernel imports neither the portal nor the gateway: %s may not %s', [
    ['kernel/schemas/x.ts', "import { a } from '../../src/manifest/navigation';"],
    ['kernel/manifest/x.ts', "import { a } from '../../plugins/alpha/index';"],
    ['kernel/contract/x.ts', "import { a } from '../../gateway/src/http/http-error.ts';"],
    ['kernel/conditions/x.ts', "import { a } from '../../src/store/hooks';"],
  ]);

  importCases(sideErrors, 0, 'both sides import the kernel, and it imports itself: %s, %s', [
    ['kernel/manifest/x.ts', "import { a } from '../schemas/portal-config';"],
    ['kernel/contract/x.ts', "import { a } from './schemas.ts';"],
    ['src/manifest/x.ts', "import { validateManifest } from '../../kernel/manifest/validate';"],
    ['gateway/src/studio/x.ts', "import { lintManifest } from '../../../kernel/manifest/lint.ts';"],
  ]);

  importCases(sideErrors, 1, 'the portal and the gateway meet only in the kernel: %s may not %s', [
    ['gateway/src/studio/x.ts', "import { a } from '../../../src/manifest/navigation.ts';"],
    ['gateway/src/gateway.ts', "import { a } from '../../plugins/alpha/index.ts';"],
    ['src/api/x.ts', "import type { a } from '../../gateway/src/kernel/deps.ts';"],
    ['plugins/alpha/x.ts', "import type { a } from '../../gateway/src/kernel/deps.ts';"],
  ]);

  it('the engine never imports a plugin (it finds them), except the test kit', async () => {
    const code = "import alpha from '../../plugins/alpha/index';";
    expect(zoneErrors(await ruleIdsFor('src/shell/sidebar.tsx', code))).toBe(1);
    expect(zoneErrors(await ruleIdsFor('src/app/plugins.ts', code))).toBe(1);
    expect(zoneErrors(await ruleIdsFor('src/testing/render-portal.tsx', code))).toBe(0);
  });

  importCases(zoneErrors, 1, 'a lower layer never imports a higher one: %s', [
    ['src/manifest/x.ts', "import { useRuntime } from '../plugin-host/runtime';"],
    ['src/plugin-host/x.ts', "import { useSessionService } from '../auth/session-context';"],
    ['src/routing/x.tsx', "import { PortalLayout } from '../shell/layouts';"],
    ['src/grid/x.tsx', "import { useSession } from '../plugin-api/hooks';"],
    ['src/plugin-api/x.ts', "import { createPortal } from '../app/create-portal';"],
    ['src/manifest/x.ts', "import { session } from '../session/session-slice';"],
  ]);

  importCases(zoneErrors, 0, 'a higher layer may import a lower one: %s', [
    ['src/shell/x.tsx', "import { currentRoute } from '../routing/current-route';"],
    ['src/app/x.tsx', "import { HomeGrid } from '../grid/home-grid';"],
    ['src/auth/x.ts', "import { makeStore } from '../store/store';"],
    ['src/routing/x.test.tsx', "import { renderPortal } from '../testing/render-portal';"],
  ]);

  importCases(zoneErrors, 1, 'the gateway layers run one way: %s may not %s', [
    ['gateway/src/db/x.ts', "import { seedPeople } from '../people/people-seed.ts';"],
    ['gateway/src/db/x.ts', "import type { Deps } from '../kernel/deps.ts';"],
    ['gateway/src/http/x.ts', "import type { Db } from '../db/connection.ts';"],
    ['gateway/src/auth/x.ts', "import { dbAdapter } from '../oidc/db-adapter.ts';"],
    ['gateway/src/auth/x.ts', "import { checkPassword } from '../kernel/sign-in.ts';"],
    [
      'gateway/src/kernel/x.ts',
      "import type { NotificationCentre } from '../notifications/notifications.ts';",
    ],
    [
      'gateway/src/routes/x.ts',
      "import { createNotificationCentre } from '../notifications/notifications.ts';",
    ],
    ['gateway/src/documents/x.ts', "import { createAccessCheck } from '../routes/access.ts';"],
    ['gateway/src/oidc/x.ts', "const people = () => import('../people/people-store.ts');"],
    ['gateway/src/studio/x.ts', "import { runGatewayCommand } from '../cli/gateway-command.ts';"],
    ['gateway/src/kernel/x.ts', "import { seedModules } from '../seed-modules.ts';"],
    ['gateway/src/finance/x.ts', "import { startGateway } from '../gateway.ts';"],
    ['gateway/src/cli/x.ts', "import { startGateway } from '../gateway.ts';"],
    ['gateway/src/events.ts', "import type { Deps } from './kernel/deps.ts';"],
  ]);

  importCases(zoneErrors, 0, 'a gateway folder may import a lower layer: %s, %s', [
    ['gateway/src/auth/x.ts', "import type { Db } from '../db/connection.ts';"],
    ['gateway/src/kernel/x.ts', "import type { Throttle } from '../auth/throttle.ts';"],
    ['gateway/src/kernel/x.ts', "import type { EventBus } from '../events.ts';"],
    ['gateway/src/oidc/x.ts', "import { checkPassword } from '../kernel/sign-in.ts';"],
    ['gateway/src/documents/x.ts', "import { HttpError } from '../http/http-error.ts';"],
    ['gateway/src/notifications/x.ts', "import type { DomainEvent } from '../events.ts';"],
    ['gateway/src/cli/x.ts', "import { createPeopleStore } from '../people/people-store.ts';"],
    ['gateway/src/cli/x.ts', "import { optionsFromEnv } from '../options.ts';"],
    ['gateway/src/seed-modules.ts', "import { seedPeople } from './people/people-seed.ts';"],
    ['gateway/src/people/x.test.ts', "import { REPO_ROOT } from '../options.ts';"],
  ]);

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
