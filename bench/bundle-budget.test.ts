// @vitest-environment node
// The bundle budget of npm test is a real gate: in a copy of the repository whose login page imports a
// chart library, `bench/bundle.mjs --budget` exits 1 and names the login page's JS, while the entity
// home, which does not load that page, stays within its figures.
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyRepository } from '../scripts/repo-copy.ts';

const repository = copyRepository('portal-budget-');
afterAll(repository.remove);

describe('bundle budget', () => {
  it('fails npm test when something heavy lands on the login page', () => {
    appendFileSync(
      join(repository.dir, 'plugins/auth/client-login-page.tsx'),
      "\nimport uPlot from 'uplot';\n(globalThis as Record<string, unknown>)['heavyForBudgetTest'] = uPlot;\n",
    );
    const run = spawnSync(process.execPath, ['bench/bundle.mjs', '--budget'], {
      cwd: repository.dir,
      encoding: 'utf8',
      timeout: 240_000,
      // Vitest sets NODE_ENV=test, which would make Vite build React's development bundle.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    expect(run.stderr).toMatch(/OVER login page, JS: /);
    expect(run.stdout).toMatch(/ok {3}entity home after sign-in, JS: /);
    expect(run.status).toBe(1);
  }, 300_000);
});
