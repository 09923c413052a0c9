// npm run bench:bundle — gzipped JS and CSS the browser downloads to show the login page and an entity
// home after sign-in, and how many chunks each takes, against react + react-dom alone built the same
// way in the same run.
//
// How: two production builds with Vite's build manifest (.vite/manifest.json): the portal (vite.config.ts)
// and bench/floor (react + react-dom rendering one element). A page's cost is the entry with its static
// imports, plus what index.html preloads, plus the app the entry chooses for that page (the light sign-in
// app for the login page, the portal for the others) and the lazy chunks that page loads (its route's page
// plugin, the shell, widgets, and the fr-FR translation namespaces it shows), each chunk counted once,
// gzip level 9.
//
// `--budget`: exits 1 when a page's JS or CSS passes its figure in bench/bundle-budget.json by more than
// the tolerance, or its JS comes in more chunks (npm test runs it so the screens to come cannot make the
// first pages heavier). It also prints where each page's JS goes, package by package.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { writeFloorPage } from './floor-page.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outRoot = path.join(repoRoot, 'dist-bench');
const config = JSON.parse(readFileSync(path.join(repoRoot, 'portal.config.json'), 'utf8'));
const language = config.app.defaultLocale;

/** Output file → its modules' rendered lengths, to say where a page's weight goes. */
const modulesByFile = new Map();

async function buildWithManifest(root, outDir, configFile) {
  const result = await build({
    root,
    configFile,
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  for (const output of [result].flat().flatMap((each) => each.output ?? []))
    if (output.type === 'chunk')
      modulesByFile.set(
        path.join(outDir, output.fileName),
        Object.entries(output.modules).map(([id, info]) => [id, info.renderedLength]),
      );
  return JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
}

/** A module's package (node_modules) or its folder of ours, two levels deep. */
function moduleGroup(id) {
  const inPackage = id.split('node_modules/').at(-1);
  if (inPackage !== id) {
    const parts = inPackage.split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  return path.relative(repoRoot, id).split(path.sep).slice(0, 2).join('/');
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
  const gzOf = (file) => gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
  const gz = (files) => [...files].reduce((sum, file) => sum + gzOf(file), 0);
  // Each chunk's gzipped size shared among its modules in proportion to their rendered length.
  const byGroup = new Map();
  for (const file of js) {
    const modules = modulesByFile.get(path.join(outDir, file)) ?? [];
    const total = modules.reduce((sum, [, length]) => sum + length, 0) || 1;
    const size = gzOf(file);
    for (const [id, length] of modules)
      byGroup.set(moduleGroup(id), (byGroup.get(moduleGroup(id)) ?? 0) + (size * length) / total);
  }
  const top = [...byGroup].sort((a, b) => b[1] - a[1]).slice(0, 10);
  return { jsGz: gz(js), cssGz: gz(css), jsChunks: js.size, cssFiles: css.size, top };
}

function entryKey(manifest) {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry === true);
  if (entry === undefined) throw new Error('no entry chunk in the build manifest');
  return entry[0];
}

function requireKey(manifest, key) {
  if (manifest[key] !== undefined) return key;
  // A module a chunk group took (vite.config.ts) is no chunk of its own: its group's chunk stands for it.
  const file = [...modulesByFile].find(([, modules]) =>
    modules.some(([id]) => path.relative(repoRoot, id) === key),
  )?.[0];
  const grouped = Object.keys(manifest).find(
    (each) => file !== undefined && path.join(portalOut, manifest[each].file) === file,
  );
  if (grouped === undefined) throw new Error(`${key} is in no chunk of the build (is it lazy-loaded?)`);
  return grouped;
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
const stackOut = path.join(outRoot, 'stack-floor');
const portal = await buildWithManifest(repoRoot, portalOut, path.join(repoRoot, 'vite.config.ts'));
writeFloorPage(path.join(repoRoot, 'bench', 'floor'), 'main.js');
writeFloorPage(path.join(repoRoot, 'bench', 'stack-floor'), 'main.tsx');
const floor = await buildWithManifest(path.join(repoRoot, 'bench', 'floor'), floorOut, false);
const stack = await buildWithManifest(path.join(repoRoot, 'bench', 'stack-floor'), stackOut, false);

const entry = entryKey(portal);
/** What index.html makes every page download: the chunks it names as modulepreload. */
function preloadedKeys(manifest, outDir) {
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((match) => match[1]);
  return files.map((file) => {
    const key = Object.keys(manifest).find((each) => manifest[each].file === file);
    if (key === undefined)
      throw new Error(`index.html preloads ${file}, which the build manifest does not list`);
    return key;
  });
}
const preloaded = preloadedKeys(portal, portalOut);
// The entry imports one of two apps dynamically (src/app/entry-choice.ts): the login page, to someone
// without a live session, is the light sign-in app; every other page is the portal. Both count what
// index.html preloads, whichever app starts.
const entryKeys = [entry, ...preloaded, requireKey(portal, 'src/app/start-portal.tsx')];
const signInKeys = [entry, ...preloaded, requireKey(portal, 'src/app/sign-in-app.tsx')];
const loginRef = findRoute(config.routes, config.routing.loginRoute).page;
// A first visit: the consent banner shows with the page (a collector or a script asks for consent).
const login = measure(portal, portalOut, [
  ...signInKeys,
  pageModule(portal, loginRef),
  locale(portal, 'common'),
  locale(portal, loginRef.split('/')[0]),
  requireKey(portal, 'src/shell/consent-banner.tsx'),
  locale(portal, 'consent'),
]);

// An entity home after sign-in: the portal (its first chunk has the shell), the home page, and the widgets of the accounting set (the
// single-entity customer persona), with their translations.
const homeRef = findRoute(config.routes, 'entity.home').page;
const widgetSet = config.homeWidgets.sets.find((set) => set.id === 'accounting');
const widgetRefs = widgetSet.widgets.map((placement) => placement.widget);
const namespaces = new Set(['common', homeRef.split('/')[0], ...widgetRefs.map((ref) => ref.split('/')[0])]);
// What a widget loads after its own chunk and waits for before it shows its content (a Chromium coverage
// run of the home counted them: they are downloaded with the page, so they count).
const widgetWaitsFor = { 'news/rss': ['plugins/news/sanitize.ts'] };
// The header's bell, when the manifest's centre flag is on: its live part (the event stream, the list when
// no count came) loads with every signed-in page; the centre itself only when the person reaches for it.
const centreFlag = config.notifications.centreFlag;
const bellKeys =
  centreFlag === undefined ? [] : [requireKey(portal, 'src/shell/notifications/notification-live.tsx')];
const homeKeys = [
  ...entryKeys,
  pageModule(portal, homeRef),
  ...widgetRefs.map((ref) => widgetModule(portal, ref)),
  ...widgetRefs.flatMap((ref) => (widgetWaitsFor[ref] ?? []).map((key) => requireKey(portal, key))),
  ...bellKeys,
  ...[...namespaces].map((namespace) => locale(portal, namespace)),
];
const home = measure(portal, portalOut, homeKeys);
const floorSize = measure(floor, floorOut, [entryKey(floor)]);
const stackSize = measure(stack, stackOut, [entryKey(stack)]);

/** What a page adds once the entity home is on screen: its own chunks and translations, less what the home already has. */
function addedOverHome(routeName) {
  const ref = findRoute(config.routes, routeName).page;
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
  ["react + DESIGN's libraries", stackSize],
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
for (const [name, size] of [rows[2], rows[3]]) {
  console.log(`\nWhere the JS of the ${name} goes (gz, top 10):`);
  for (const [group, bytes] of size.top) console.log(`  ${kib(bytes).padStart(10)}  ${group}`);
}
console.log('\nWhat opening a page adds after the entity home (its chunks and translations only):\n');
console.log('page                        JS gz       CSS gz     JS chunks');
for (const [name, size] of addedPages) {
  console.log(
    `${name.padEnd(28)}${kib(size.jsGz).padEnd(12)}${kib(size.cssGz).padEnd(11)}${String(size.jsChunks)}`,
  );
}
console.log(`\nAims (issues 5, 17): login ≤ 2.2×, entity home ≤ 3.0× the floor's JS.`);
// The stack floor (bench/stack-floor) is what DESIGN's libraries alone weigh, used as the entity home uses
// them: what is left under the aim is all the engine, its manifest, its strings and the home's widgets have.
console.log(
  `DESIGN's libraries alone: ${ratio(stackSize.jsGz)}; under the entity home's aim that leaves ${kib(3 * floorSize.jsGz - stackSize.jsGz)} for the engine, the manifest, the strings and the widgets, which take ${kib(home.jsGz - stackSize.jsGz)} today.`,
);
console.log(
  `login ${login.jsGz / floorSize.jsGz <= 2.2 ? 'meets' : 'misses'} its aim; entity home ${home.jsGz / floorSize.jsGz <= 3 ? 'meets' : 'misses'} its aim.`,
);

if (process.argv.includes('--budget')) {
  const budget = JSON.parse(readFileSync(path.join(repoRoot, 'bench', 'bundle-budget.json'), 'utf8'));
  const limits = (name, size) => [
    ['JS', size.jsGz / 1024, budget.jsGzKiB[name] * (1 + budget.tolerance), 'KiB'],
    ['CSS', size.cssGz / 1024, budget.cssGzKiB[name] * (1 + budget.tolerance), 'KiB'],
    ['JS chunks', size.jsChunks, budget.jsChunks[name], ''],
  ];
  console.log(`\nBudget (bench/bundle-budget.json, sizes +${String(budget.tolerance * 100)} %):`);
  let over = false;
  for (const [name, size] of rows.filter(([row]) => budget.jsGzKiB[row] !== undefined)) {
    for (const [what, value, limit, unit] of limits(name, size)) {
      const fits = value <= limit;
      over ||= !fits;
      const shown = (n) => (unit === '' ? String(n) : `${n.toFixed(1)} ${unit}`);
      (fits ? console.log : console.error)(
        `  ${fits ? 'ok  ' : 'OVER'} ${name}, ${what}: ${shown(value)} of ${shown(limit)}`,
      );
    }
  }
  // The aims that a page has reached are hard limits from then on (no tolerance).
  for (const [name, aim] of Object.entries(budget.aims ?? {})) {
    const size = rows.find(([row]) => row === name)?.[1];
    if (size === undefined) throw new Error(`bench/bundle-budget.json aims at an unknown page: ${name}`);
    const checks = [
      ['JS × floor', size.jsGz / floorSize.jsGz, aim.jsFloorRatio, (n) => `${n.toFixed(2)}×`],
      ['CSS', size.cssGz / 1024, aim.cssGzKiB, (n) => `${n.toFixed(1)} KiB`],
      ['JS chunks', size.jsChunks, aim.jsChunks, String],
    ].filter(([, , limit]) => limit !== undefined);
    for (const [what, value, limit, shown] of checks) {
      const fits = value <= limit;
      over ||= !fits;
      (fits ? console.log : console.error)(
        `  ${fits ? 'ok  ' : 'OVER'} ${name}, aim ${what}: ${shown(value)} of ${shown(limit)}`,
      );
    }
  }
  if (over) process.exitCode = 1;
}
