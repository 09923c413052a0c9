// npm run bench:downloaded — the JavaScript Chromium really downloads for the first pages, to hold
// bench:bundle (which counts from the build manifest) to what a browser does: the login page on a first
// visit, and Claire's entity home after a reload once its page has settled (widgets drawn, the bell's
// live part loaded, the notification stream open). Each script's body gzipped at level 9 like
// bench:bundle; served as production serves them (bench/lcp-stage.ts). A chunk bench:bundle leaves out
// shows here as a gap between the two totals.
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { buildPortal, portalUrl, signInClaire, startStage } from './lcp-stage.ts';

/** How long after the network is idle to keep listening: the bell's stream opens 3 s after the page. */
const SETTLE_MS = 4_000;

type Downloaded = Map<string, number>;

function recordScripts(page: Page): Downloaded {
  const scripts: Downloaded = new Map();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== portalUrl || !url.pathname.endsWith('.js')) return;
    void response.body().then((body) => scripts.set(url.pathname, gzipSync(body, { level: 9 }).length));
  });
  return scripts;
}

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(SETTLE_MS);
}

function report(title: string, scripts: Downloaded): void {
  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  console.log(`\n${title}: ${(total / 1024).toFixed(1)} KiB gz in ${String(scripts.size)} scripts`);
  for (const [file, size] of [...scripts].sort((a, b) => b[1] - a[1]))
    console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KiB  ${file}`);
}

await buildPortal();
const stage = await startStage();
const contexts: BrowserContext[] = [];
try {
  const firstVisit = await stage.browser.newContext();
  contexts.push(firstVisit);
  const loginPage = await firstVisit.newPage();
  const login = recordScripts(loginPage);
  await loginPage.goto(`${portalUrl}/login?choice=client`);
  await settled(loginPage);
  report('login page, first visit', login);

  const signedIn = await stage.browser.newContext();
  contexts.push(signedIn);
  const homePage = await signInClaire(signedIn);
  await settled(homePage);
  const home = recordScripts(homePage);
  await homePage.reload();
  await settled(homePage);
  report('entity home after a reload (consent not yet given: its banner shows)', home);
  console.log(
    '\nCompare with npm run bench:bundle (the home there leaves out the consent banner, counted on the login page).',
  );
} finally {
  for (const context of contexts) await context.close();
  await stage.stop();
}
