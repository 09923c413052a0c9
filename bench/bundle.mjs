// npm run bench:bundle — gzipped JS and CSS the browser downloads to show the login page and an entity
// home after sign-in, and how many chunks each takes, against react + react-dom alone built the same
// way in the same run.
//
// How: two production builds with Vite's build manifest (.vite/manifest.json): the portal (vite.config.ts)
// and bench/floor (react + react-dom rendering one element). A page's cost is the entry with its static
// imports, plus the lazy chunks that page loads (its route's page plugin, the shell, widgets, and the
// fr-FR translation namespaces it shows), each chunk counted once, gzip level 9.
//
// `--budget`: exits 1 when a page's JS passes its figure in bench/bundle-budget.json by more than the
// tolerance (npm test runs it so the screens to come cannot make the first pages heavier).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outRoot = path.join(repoRoot, 'dist-bench');
const config = JSON.parse(readFileSync(path.join(repoRoot, 'portal.config.json'), 'utf8'));
const language = config.app.defaultLocale;

async function buildWithManifest(root, outDir, configFile) {
  await build({
    root,
    configFile,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  return JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
}

/** The chunks a set of manifest keys pulls in: themselves and their static imports, recursively. */
function closure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || manifest[key] === undefined) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

function measure(manifest, outDir, keys) {
  const chunks = closure(manifest, keys);
  const js = new Set();
  const css = new Set();
  for (const key of chunks) {
    const chunk = manifest[key];
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  const gz = (files) =>
    [...files].reduce(
      (sum, file) => sum + gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length,
      0,
    );
  return { jsGz: gz(js), cssGz: gz(css), jsChunks: js.size, cssFiles: css.size };
}

function entryKey(manifest) {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry === true);
  if (entry === undefined) throw new Error('no entry chunk in the build manifest');
  return entry[0];
}

function requireKey(manifest, key) {
  if (manifest[key] === undefined) throw new Error(`${key} is not a chunk of the build (is it lazy-loaded?)`);
  return key;
}

/** The source module of a page plugin `plugin/page`, read from the plugin's index. */
function pageModule(manifest, ref) {
  const [pluginId, page] = ref.split('/');
  const index = readFileSync(path.join(repoRoot, 'plugins', pluginId, 'index.ts'), 'utf8');
  const match = new RegExp(`name: '${page}',\\s*component: \\(\\) => import\\('\\./([^']+)'\\)`).exec(index);
  if (match === null) throw new Error(`cannot find the module of page ${ref}`);
  return requireKey(manifest, `plugins/${pluginId}/${match[1]}`);
}

function widgetModule(manifest, ref) {
  const [pluginId, widget] = ref.split('/');
  const index = readFileSync(path.join(repoRoot, 'plugins', pluginId, 'index.ts'), 'utf8');
  const match = new RegExp(`name: '${widget}',[\\s\\S]*?component: \\(\\) => import\\('\\./([^']+)'\\)`).exec(
    index,
  );
  if (match === null) throw new Error(`cannot find the module of widget ${ref}`);
  return requireKey(manifest, `plugins/${pluginId}/${match[1]}`);
}

const locale = (manifest, namespace) => requireKey(manifest, `locales/${language}/${namespace}.json`);

function findRoute(routes, name) {
  for (const route of routes) {
    if (route.name === name) return route;
    const found = findRoute(route.children ?? [], name);
    if (found !== undefined) return found;
  }
  return undefined;
}

const portalOut = path.join(outRoot, 'portal');
const floorOut = path.join(outRoot, 'floor');
const portal = await buildWithManifest(repoRoot, portalOut, path.join(repoRoot, 'vite.config.ts'));
const floor = await buildWithManifest(path.join(repoRoot, 'bench', 'floor'), floorOut, false);

const entry = entryKey(portal);
const loginRef = findRoute(config.routes, config.routing.loginRoute).page;
const login = measure(portal, portalOut, [
  entry,
  pageModule(portal, loginRef),
  locale(portal, 'common'),
  locale(portal, loginRef.split('/')[0]),
]);

// An entity home after sign-in: the shell, the home page, and the widgets of the accounting set (the
// single-entity customer persona), with their translations.
const homeRef = findRoute(config.routes, 'entity.home').page;
const widgetSet = config.homeWidgets.sets.find((set) => set.id === 'accounting');
const widgetRefs = widgetSet.widgets.map((placement) => placement.widget);
const namespaces = new Set(['common', homeRef.split('/')[0], ...widgetRefs.map((ref) => ref.split('/')[0])]);
const home = measure(portal, portalOut, [
  entry,
  requireKey(portal, 'src/shell/home-shell.tsx'),
  pageModule(portal, homeRef),
  ...widgetRefs.map((ref) => widgetModule(portal, ref)),
  ...[...namespaces].map((namespace) => locale(portal, namespace)),
]);
const floorSize = measure(floor, floorOut, [entryKey(floor)]);

/** What a page adds once the entity home is on screen: its own chunks and translations, less what the home already has. */
function addedOverHome(routeName) {
  const ref = findRoute(config.routes, routeName).page;
  const homeKeys = [
    entry,
    'src/shell/home-shell.tsx',
    pageModule(portal, homeRef),
    ...widgetRefs.map((w) => widgetModule(portal, w)),
    ...[...namespaces].map((namespace) => locale(portal, namespace)),
  ];
  const withPage = measure(portal, portalOut, [
    ...homeKeys,
    pageModule(portal, ref),
    locale(portal, ref.split('/')[0]),
  ]);
  return {
    jsGz: withPage.jsGz - home.jsGz,
    cssGz: withPage.cssGz - home.cssGz,
    jsChunks: withPage.jsChunks - home.jsChunks,
  };
}
const addedPages = [
  ['entity.bank', 'bank page'],
  ['entity.indicators', 'indicators page (charts)'],
  // One document-list page serves the four document routes (issue 11): social management stands for them.
  ['entity.socialManagement', 'documents page'],
  ['entity.biReports', 'BI reports page'],
].map(([routeName, label]) => [label, addedOverHome(routeName)]);

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const ratio = (bytes) => `${(bytes / floorSize.jsGz).toFixed(2)}×`;
const rows = [
  ['react + react-dom (floor)', floorSize],
  ['login page', login],
  ['entity home after sign-in', home],
];
console.log('\nGzipped (level 9) download to show each page, fr-FR:\n');
console.log('page                        JS gz       CSS gz     JS chunks  JS vs floor');
for (const [name, size] of rows) {
  console.log(
    `${name.padEnd(28)}${kib(size.jsGz).padEnd(12)}${kib(size.cssGz).padEnd(11)}${String(size.jsChunks).padEnd(11)}${ratio(size.jsGz)}`,
  );
}
console.log('\nWhat opening a page adds after the entity home (its chunks and translations only):\n');
console.log('page                        JS gz       CSS gz     JS chunks');
for (const [name, size] of addedPages) {
  console.log(
    `${name.padEnd(28)}${kib(size.jsGz).padEnd(12)}${kib(size.cssGz).padEnd(11)}${String(size.jsChunks)}`,
  );
}
console.log(`\nAims (issue 5): login ≤ 2.2×, entity home ≤ 3.0× the floor's JS.`);
console.log(
  `login ${login.jsGz / floorSize.jsGz <= 2.2 ? 'meets' : 'misses'} its aim; entity home ${home.jsGz / floorSize.jsGz <= 3 ? 'meets' : 'misses'} its aim.`,
);

if (process.argv.includes('--budget')) {
  const budget = JSON.parse(readFileSync(path.join(repoRoot, 'bench', 'bundle-budget.json'), 'utf8'));
  const over = rows
    .filter(([name]) => budget.jsGzKiB[name] !== undefined)
    .map(([name, size]) => ({
      name,
      kib: size.jsGz / 1024,
      limit: budget.jsGzKiB[name] * (1 + budget.tolerance),
    }))
    .filter(({ kib, limit }) => kib > limit);
  console.log(`\nBudget (bench/bundle-budget.json, +${String(budget.tolerance * 100)} %):`);
  for (const [name, size] of rows.filter(([row]) => budget.jsGzKiB[row] !== undefined))
    console.log(
      `  ${name}: ${kib(size.jsGz)} of ${(budget.jsGzKiB[name] * (1 + budget.tolerance)).toFixed(1)} KiB`,
    );
  if (over.length > 0) {
    for (const { name, kib: size, limit } of over)
      console.error(`  over budget: ${name} ${size.toFixed(1)} KiB > ${limit.toFixed(1)} KiB`);
    process.exitCode = 1;
  }
}
