// npm run bench:grid — render counts and time of an entity switch on the home page, against a plain
// re-mount of the same page in the same run.
//
// How: a Node script (no vitest) that sets up jsdom, loads bench/grid-scenario.tsx through Vite's SSR
// module loader (TSX, import.meta.glob and import.meta.env work as in the app) with VITE_PROFILE=true,
// so the grid and each widget are wrapped in React Profilers whose onRender calls are counted.
// The switch is the session's entitySelected action (what the entity switcher dispatches); both
// entities use the accounting widget set and every call is answered from a warm cache.
import { JSDOM } from 'jsdom';
import { createServer } from 'vite';

const rounds = Number(process.env.ROUNDS ?? 20);

const dom = new JSDOM('<!doctype html><html lang="fr-FR"><body></body></html>', {
  url: 'http://127.0.0.1/',
  pretendToBeVisual: true,
});
const { window } = dom;
for (const key of Object.getOwnPropertyNames(window)) {
  if (!(key in globalThis)) {
    try {
      globalThis[key] = window[key];
    } catch {
      /* read-only global */
    }
  }
}
globalThis.window = window;
globalThis.document = window.document;
globalThis.IS_REACT_ACT_ENVIRONMENT = true;
Object.defineProperty(window.HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });

process.env.VITE_PROFILE = 'true';
const vite = await createServer({
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  logLevel: 'error',
  ssr: { noExternal: ['react-grid-layout'] },
});

const originalError = console.error;
console.error = (...args) => {
  // React's act() warnings for Suspense retries are noise here; real errors still print.
  if (typeof args[0] === 'string' && args[0].includes('not wrapped in act')) return;
  originalError(...args);
};

try {
  const { runGridBench } = await vite.ssrLoadModule('/bench/grid-scenario.tsx');
  const result = await runGridBench(rounds);
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  };
  const switchMedian = median(result.switchMs);
  const remountMedian = median(result.remountMs);
  console.log(`grid bench (jsdom, React Profiler), ${result.switches} entity switches 1001 <-> 1005`);
  console.log('renders per switch (Profiler onRender commits, average):');
  for (const [id, count] of Object.entries(result.rendersPerSwitch).sort())
    console.log(`  ${id.padEnd(24)} ${count}`);
  console.log(`switch   median ${switchMedian.toFixed(1)} ms`);
  console.log(`re-mount median ${remountMedian.toFixed(1)} ms`);
  console.log(`switch / re-mount = ${(switchMedian / remountMedian).toFixed(2)}`);
} finally {
  await vite.close();
  window.close();
}
