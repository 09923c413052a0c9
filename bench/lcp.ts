// npm run bench:lcp — Largest Contentful Paint and Cumulative Layout Shift as a person feels them:
// a bare React page (the floor: react + react-dom rendering one heading, bench/floor), the login page, and
// Claire's entity home after a reload, in Chromium under 4× CPU throttling, interleaved (floor, login,
// home, floor, …) so a busy machine weighs on all three alike; median of BENCH_RUNS (5).
//
// Served the way production serves them: the portal by scripts/static-server.ts (precompressed, cached),
// the floor gzipped from memory; the reference gateway in a child process on a temporary data folder.
// Ports: LCP_GATEWAY_PORT (4217) and LCP_PORTAL_PORT (5217); the floor takes any free port.
// The floor and the login page open in a fresh browser context each time (first visit, empty cache);
// the entity home is reloaded in a signed-in tab (its session lives in the tab's sessionStorage).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { writeFloorPage } from './floor-page.mjs';
import {
  CPU_SLOWDOWN,
  buildPortal,
  listen,
  portalUrl,
  repoRoot,
  signInClaire,
  startStage,
  throttle,
} from './lcp-stage.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const floorOut = path.join(repoRoot, 'dist-bench', 'lcp-floor');

async function buildAll(): Promise<void> {
  await buildPortal();
  writeFloorPage(path.join(repoRoot, 'bench', 'floor'), 'main.js');
  await build({
    root: path.join(repoRoot, 'bench', 'floor'),
    configFile: false,
    logLevel: 'error',
    build: { outDir: floorOut, emptyOutDir: true },
  });
}

/** The floor's two files, gzipped once, from memory. */
function floorServer(): http.Server {
  const read = (file: string) => gzipSync(readFileSync(path.join(floorOut, file)), { level: 9 });
  const index = read('index.html');
  return http.createServer((request, response) => {
    const url = request.url ?? '/';
    const isIndex = url === '/' || url === '/index.html';
    let body: Buffer;
    try {
      body = isIndex ? index : read(url.slice(1));
    } catch {
      response.statusCode = 404;
      response.end();
      return;
    }
    response.setHeader('Content-Type', isIndex ? 'text/html' : 'text/javascript');
    response.setHeader('Content-Encoding', 'gzip');
    response.end(body);
  });
}

// Recorded from the first byte: the largest paint so far, and layout shifts not caused by input.
const OBSERVE = `
  window.__lcp = 0; window.__cls = 0; window.__lcpElement = '';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__lcp = entry.startTime;
      const el = entry.element;
      window.__lcpElement = el ? el.tagName.toLowerCase() + ' "' + (el.textContent || '').trim().slice(0, 40) + '"' : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

type Sample = { lcp: number; cls: number; element: string };

async function read(page: Page): Promise<Sample> {
  // LCP entries stop at the first input; a quiet second lets the last paint be reported.
  await page.waitForTimeout(1000);
  return page.evaluate(() => {
    const w = window as unknown as { __lcp: number; __cls: number; __lcpElement: string };
    return { lcp: w.__lcp, cls: w.__cls, element: w.__lcpElement };
  });
}

async function firstVisit(browser: Browser, url: string, ready: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  await throttle(context, page);
  await page.goto(url);
  await ready(page);
  const sample = await read(page);
  await context.close();
  return sample;
}

async function signedInHome(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  await context.addInitScript(OBSERVE);
  const page = await signInClaire(context);
  await throttle(context, page);
  return { page, close: () => context.close() };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

await buildAll();
const stage = await startStage();
const { browser } = stage;
const floor = floorServer();
try {
  const floorUrl = `http://127.0.0.1:${String(await listen(floor, 0))}/`;
  const home = await signedInHome(browser);
  const samples: Record<'floor' | 'login' | 'home', Sample[]> = { floor: [], login: [], home: [] };
  for (let run = 0; run < RUNS; run += 1) {
    samples.floor.push(await firstVisit(browser, floorUrl, (page) => page.getByRole('heading').waitFor()));
    samples.login.push(
      await firstVisit(browser, `${portalUrl}/login?choice=client`, (page) =>
        page.getByLabel('E-mail').waitFor(),
      ),
    );
    await home.page.reload();
    await home.page.getByRole('heading', { level: 1 }).waitFor();
    await home.page.waitForLoadState('networkidle');
    samples.home.push(await read(home.page));
  }
  await home.close();

  const floorLcp = median(samples.floor.map((s) => s.lcp));
  console.log(
    `\nLCP and CLS, Chromium at ${String(CPU_SLOWDOWN)}× CPU slowdown, median of ${String(RUNS)}:\n`,
  );
  console.log('page                            LCP        × floor   CLS     (runs, ms)');
  for (const [name, key] of [
    ['bare React page (floor)', 'floor'],
    ['login page (first visit)', 'login'],
    ['entity home (reload)', 'home'],
  ] as const) {
    const lcp = median(samples[key].map((s) => s.lcp));
    const cls = Math.max(...samples[key].map((s) => s.cls));
    console.log(
      `${name.padEnd(32)}${`${lcp.toFixed(0)} ms`.padEnd(11)}${`${(lcp / floorLcp).toFixed(2)}×`.padEnd(10)}${cls.toFixed(3).padEnd(8)}(${samples[key].map((s) => s.lcp.toFixed(0)).join(', ')})`,
    );
  }
  // What was painted last as the largest element: what a page's LCP waits for.
  console.log('\nLargest element (most frequent over the runs):');
  for (const key of ['floor', 'login', 'home'] as const) {
    const counts = new Map<string, number>();
    for (const { element } of samples[key]) counts.set(element, (counts.get(element) ?? 0) + 1);
    const [element] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['?'];
    console.log(`  ${key.padEnd(6)} ${element}`);
  }
  console.log(
    "\nAims (issue 17): login ≤ 1.3× the floor's LCP, entity home ≤ 2.0×, CLS ≤ 0.02 (the worst run).",
  );
} finally {
  floor.close();
  await stage.stop();
}
