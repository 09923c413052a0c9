// npm run bench:lcp-trace — the entity home's critical path after a reload, as bench:lcp loads it (Claire's
// /dossier/1001/accueil in a signed-in tab, Chromium at 4× CPU slowdown, assets cached): every request
// (script, translations, gateway call) with when it started and ended, the long tasks of the main thread,
// the first paint and the LCP with its element, from the page's own performance timeline. Prints the
// median run's waterfall. LCP_TRACE_SKIP_BUILD=1 reuses bench:lcp's last build (dist-bench/lcp-portal).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { gatewayPaths } from '../scripts/gateway-proxy.ts';
import { createStaticServer } from '../scripts/static-server.ts';
import { waitForHealth } from './wait-for-health.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const gatewayPort = Number(process.env['LCP_GATEWAY_PORT'] ?? 4217);
const portalPort = Number(process.env['LCP_PORTAL_PORT'] ?? 5217);
const gatewayUrl = `http://127.0.0.1:${String(gatewayPort)}`;
const portalUrl = `http://127.0.0.1:${String(portalPort)}`;
const portalOut = path.join(repoRoot, 'dist-bench', 'lcp-portal');

// Recorded from the first byte, as bench:lcp does, plus the long tasks of the main thread.
const OBSERVE = `
  window.__trace = { lcp: 0, element: '', longTasks: [], shifts: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__trace.lcp = entry.startTime;
      const el = entry.element;
      window.__trace.element = el ? el.tagName.toLowerCase() + ' "' + (el.textContent || '').trim().slice(0, 40) + '"' : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__trace.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      const moved = (entry.sources || []).map((source) => {
        const node = source.node;
        if (!node || node.nodeType !== 1) return '?';
        return node.tagName.toLowerCase() + (node.className ? '.' + String(node.className).split(' ')[0] : '') +
          ' "' + (node.textContent || '').trim().slice(0, 30) + '"';
      });
      window.__trace.shifts.push([entry.startTime, entry.value, moved.join(' | ')]);
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

type Row = { start: number; end: number; what: string };
type Run = {
  lcp: number;
  element: string;
  fcp: number;
  rows: Row[];
  longTasks: [number, number][];
  shifts: [number, number, string][];
};

function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** A request's short name: the chunk's file name without its hash, or the gateway path. */
function shortName(url: string): string {
  const { pathname, search } = new URL(url);
  const asset = /^\/assets\/(.+)-[A-Za-z0-9_-]{8}\.([a-z0-9]+)$/.exec(pathname);
  if (asset !== null) return `${asset[1] ?? ''}.${asset[2] ?? ''}`;
  return `${pathname}${search}`;
}

async function traceRuns(browser: Browser): Promise<Run[]> {
  const context = await browser.newContext();
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  await page.goto(`${portalUrl}/login?choice=client`);
  await page.getByLabel('E-mail').fill('claire.solo@demo.test');
  await page.getByLabel('Mot de passe').fill('Demo-2026!');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(/\/dossier\/1001\/accueil$/);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const runs: Run[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const sample = await page.evaluate(() => {
      const w = window as unknown as {
        __trace: {
          lcp: number;
          element: string;
          longTasks: [number, number][];
          shifts: [number, number, string][];
        };
      };
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      return {
        ...w.__trace,
        fcp,
        rows: [
          { start: nav.startTime, end: nav.responseEnd, what: location.pathname },
          { start: nav.domInteractive, end: nav.domInteractive, what: '(DOM interactive)' },
          ...resources.map((r) => ({ start: r.startTime, end: r.responseEnd, what: r.name })),
          ...performance.getEntriesByType('mark').map((m) => ({
            start: m.startTime,
            end: m.startTime,
            what: `mark ${m.name}`,
          })),
        ],
      };
    });
    runs.push({
      ...sample,
      rows: sample.rows.map((row) => ({
        ...row,
        what: row.what.startsWith('http') ? shortName(row.what) : row.what,
      })),
    });
  }
  await context.close();
  return runs;
}

if (process.env['LCP_TRACE_SKIP_BUILD'] !== '1') {
  process.env['VITE_OIDC_AUTHORITY'] = `${gatewayUrl}/oidc`;
  await build({ root: repoRoot, logLevel: 'error', build: { outDir: portalOut, emptyOutDir: true } });
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'lcp-trace-gateway-'));
const gateway = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts'], {
  cwd: repoRoot,
  env: {
    ...process.env,
    GATEWAY_PORT: String(gatewayPort),
    GATEWAY_DATA_DIR: dataDir,
    GATEWAY_PORTAL_URL: portalUrl,
    GATEWAY_LOG_LEVEL: 'warn',
    GATEWAY_USER_ORIGIN: 'CLIENT',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'portal.config.json'), 'utf8')) as {
  gateway: { services: Record<string, string> };
};
const portal = createStaticServer({
  root: portalOut,
  gatewayTarget: gatewayUrl,
  proxyPaths: gatewayPaths(manifest.gateway),
});
let browser: Browser | undefined;
try {
  await waitForHealth(gatewayUrl);
  await listen(portal, portalPort);
  browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const runs = await traceRuns(browser);
  const sorted = [...runs].sort((a, b) => a.lcp - b.lcp);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (median === undefined) throw new Error('no run');
  console.log(`LCP per run: ${runs.map((r) => r.lcp.toFixed(0)).join(', ')} ms`);
  console.log(
    `\nMedian run: FCP ${median.fcp.toFixed(0)} ms, LCP ${median.lcp.toFixed(0)} ms ${median.element}`,
  );
  console.log('\n start    end   (ms)  what');
  for (const row of [...median.rows].sort((a, b) => a.start - b.start))
    console.log(`${row.start.toFixed(0).padStart(6)} ${row.end.toFixed(0).padStart(6)}        ${row.what}`);
  for (const run of runs)
    for (const [start, value, moved] of run.shifts)
      console.log(`layout shift at ${start.toFixed(0)} ms: ${value.toFixed(4)}  ${moved}`);
  const busy = median.longTasks.reduce((sum, [, duration]) => sum + duration, 0);
  console.log(`\nLong tasks (${busy.toFixed(0)} ms in all):`);
  for (const [start, duration] of median.longTasks)
    console.log(
      `${start.toFixed(0).padStart(6)} ${(start + duration).toFixed(0).padStart(6)}  ${duration.toFixed(0)} ms`,
    );
} finally {
  await browser?.close();
  portal.close();
  portal.closeAllConnections();
  gateway.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
