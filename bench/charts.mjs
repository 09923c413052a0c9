// npm run bench:charts — which chart library for the indicators page, by measurement: the gzipped JS each
// adds to a React + Mantine page (against the same page drawing a table), and the time to draw 24 months ×
// 2 series in Chromium with the CPU slowed 4× (median of 5 loads, interleaved), as a ratio to the table.
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const outRoot = path.join(repoRoot, 'dist-bench', 'charts');
const CANDIDATES = [
  { id: 'none', label: 'table only (floor)' },
  { id: 'uplot', label: 'uPlot 1.6' },
  { id: 'chartjs', label: 'Chart.js 4 (tree-shaken)' },
  { id: 'mantine', label: '@mantine/charts 8 (recharts 3)' },
];
const ROUNDS = 7;

async function buildCandidate(id) {
  const root = path.join(outRoot, 'src', id);
  mkdirSync(root, { recursive: true });
  writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root"></div><script type="module" src="${path.join(here, 'charts', `${id}.tsx`)}"></script></body></html>`,
  );
  const outDir = path.join(outRoot, id);
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  const assets = readdirSync(path.join(outDir, 'assets'));
  const gz = (ext) =>
    assets
      .filter((file) => file.endsWith(ext))
      .reduce(
        (sum, file) => sum + gzipSync(readFileSync(path.join(outDir, 'assets', file)), { level: 9 }).length,
        0,
      );
  return { outDir, jsGz: gz('.js'), cssGz: gz('.css') };
}

function serve(dir) {
  return new Promise((resolve) => {
    const server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      const file = path.join(dir, url.pathname === '/' ? 'index.html' : url.pathname);
      try {
        const body = readFileSync(file);
        const type = file.endsWith('.js')
          ? 'text/javascript'
          : file.endsWith('.css')
            ? 'text/css'
            : 'text/html';
        response.writeHead(200, { 'Content-Type': type });
        response.end(body);
      } catch {
        response.writeHead(404);
        response.end();
      }
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

const built = {};
for (const candidate of CANDIDATES) built[candidate.id] = await buildCandidate(candidate.id);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const servers = {};
for (const candidate of CANDIDATES) servers[candidate.id] = await serve(built[candidate.id].outDir);
const times = Object.fromEntries(CANDIDATES.map((c) => [c.id, []]));
const totals = Object.fromEntries(CANDIDATES.map((c) => [c.id, []]));
for (let round = 0; round < ROUNDS; round += 1) {
  for (const candidate of CANDIDATES) {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const { port } = servers[candidate.id].address();
    await page.goto(`http://127.0.0.1:${String(port)}/`);
    await page.waitForFunction("document.body.dataset.done === 'true'", null, { timeout: 30_000 });
    const [ms, total] = await page.evaluate(() => [
      performance.getEntriesByName('chart')[0]?.duration ?? NaN,
      performance.getEntriesByName('total')[0]?.duration ?? NaN,
    ]);
    times[candidate.id].push(ms);
    totals[candidate.id].push(total);
    await page.close();
  }
}
await browser.close();
for (const server of Object.values(servers)) server.close();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const floor = built['none'];
const floorMs = median(times['none']);
const floorTotal = median(totals['none']);
const kib = (bytes) => (bytes / 1024).toFixed(1);
console.log(
  '\nChart libraries: 24 months × 2 series, React 19 + Mantine page, Chromium with 4× CPU throttling',
);
console.log(
  `median of ${String(ROUNDS)} interleaved loads; sizes gzip -9, added = over the same page drawing a table\n`,
);
console.log(
  '| library | JS added (gz KiB) | CSS added (gz KiB) | draw after its code ran (ms) | × table | load to chart on screen (ms) | × table |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const candidate of CANDIDATES) {
  const b = built[candidate.id];
  const ms = median(times[candidate.id]);
  console.log(
    `| ${candidate.label} | ${kib(b.jsGz - floor.jsGz)} | ${kib(b.cssGz - floor.cssGz)} | ${ms.toFixed(1)} | ${(ms / floorMs).toFixed(2)} | ${median(totals[candidate.id]).toFixed(1)} | ${(median(totals[candidate.id]) / floorTotal).toFixed(2)} |`,
  );
}
