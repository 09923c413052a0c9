// npm run bench:lcp-trace — the entity home's critical path after a reload, as bench:lcp loads it (Claire's
// /dossier/1001/accueil in a signed-in tab, Chromium at 4× CPU slowdown, assets cached): every request
// (script, translations, gateway call) with when it started and ended, the long tasks of the main thread,
// the first paint and the LCP with its element, from the page's own performance timeline. Prints the
// median run's waterfall. LCP_TRACE_SKIP_BUILD=1 reuses bench:lcp's last build (dist-bench/lcp-portal).
import type { Browser } from 'playwright-core';
import { buildPortal, signInClaire, startStage, throttle } from './lcp-stage.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);

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
  const page = await signInClaire(context);
  await throttle(context, page);
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

if (process.env['LCP_TRACE_SKIP_BUILD'] !== '1') await buildPortal();
const stage = await startStage();
try {
  const runs = await traceRuns(stage.browser);
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
  await stage.stop();
}
