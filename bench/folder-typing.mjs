// npm run bench:folder-typing — in Chromium, the time from typing a folder number to the folders table
// showing the match, among Paul's 5,004 folders (median of 20), against the same page's first render
// (median of 20 loads). Both include what a person waits for: the first from the navigation to the
// first page of folders on screen, the second from the last key to the filtered table (its 300 ms
// debounce included).
//
// It builds the portal for the e2e ports when the build is missing, then starts the e2e gateway (with
// GATEWAY_SEED_FOLDERS=5000 from tests/e2e/e2e-env.json) and `vite preview`, like the e2e suite. Set
// E2E_GATEWAY_PORT / E2E_PORTAL_PORT to run beside another checkout.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { e2e } from '../tests/e2e/e2e-env.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const PASSWORD = 'Demo-2026!';

if (!existsSync(`${e2e.portal.outDir}/index.html`)) {
  const build = spawnSync('npx', ['vite', 'build', '--outDir', e2e.portal.outDir, '--emptyOutDir'], {
    env: { ...process.env, ...e2e.portal.buildEnv },
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const children = [
  spawn('npx', ['tsx', 'gateway/src/main.ts', '--reset'], {
    env: { ...process.env, ...e2e.gateway.env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  }),
  spawn(
    'npx',
    [
      'vite',
      'preview',
      '--host',
      '127.0.0.1',
      '--port',
      String(e2e.portal.port),
      '--strictPort',
      '--outDir',
      e2e.portal.outDir,
    ],
    {
      env: { ...process.env, ...e2e.portal.previewEnv },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    },
  ),
];
// Each child leads its own process group, so stopping it stops what npx started under it.
const stop = () => {
  for (const child of children) {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
};

async function waitFor(url) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

try {
  await waitFor(`${e2e.gateway.url}/health`);
  await waitFor(`${e2e.portal.url}/`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage({ baseURL: e2e.portal.url });
  await page.goto('/collaborateur');
  await page.getByRole('button', { name: 'Se connecter avec mon compte collaborateur' }).click();
  await page.getByLabel('E-mail').fill('paul.collab@demo.test');
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(/\/portefeuille\/dossiers$/);

  const table = page.getByRole('table', { name: 'Dossiers clients' });
  const search = page.getByRole('searchbox', { name: 'Rechercher un dossier (nom ou numéro)' });

  const firstRender = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    await page.goto('/portefeuille/dossiers', { waitUntil: 'commit' });
    await table.locator('tbody tr').nth(19).waitFor();
    await page.waitForFunction(() => globalThis.document.querySelector('table[aria-busy="false"]') !== null);
    firstRender.push(performance.now() - started);
  }

  const typing = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const number = `D-${String(100001 + ((round * 2477) % 5000))}`;
    await search.fill('');
    await page.waitForFunction(() => globalThis.document.querySelectorAll('table tbody tr').length === 20);
    await search.pressSequentially(number.slice(0, -1), { delay: 0 });
    const started = performance.now();
    await search.press(number.slice(-1));
    await page.waitForFunction(
      (wanted) => {
        const rows = globalThis.document.querySelectorAll('table tbody tr');
        return (
          rows.length === 1 &&
          (rows[0]?.textContent ?? '').includes(wanted) &&
          globalThis.document.querySelector('table[aria-busy="false"]') !== null
        );
      },
      number,
      { polling: 'raf' },
    );
    typing.push(performance.now() - started);
  }
  await browser.close();

  const render = median(firstRender);
  const typed = median(typing);
  console.log(`folders page, Paul's 5,004 folders, ${String(ROUNDS)} rounds each (Chromium, headless)`);
  console.log(`first render (navigation → first page on screen)  median ${render.toFixed(0)} ms`);
  console.log(
    `typing → results (last key → filtered table)       median ${typed.toFixed(0)} ms (debounce 300 ms included)`,
  );
  console.log(`typing / first render = ${(typed / render).toFixed(2)}`);
} finally {
  stop();
}
