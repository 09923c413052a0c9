// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { portalChunks } from './vite-portal-chunks.ts';

/** A portal in miniature: a small entry importing the portal dynamically, which has styles and strings. */
function project(extra: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'portal-chunks-'));
  const files: Record<string, string> = {
    'index.html':
      '<!doctype html><div id="root"></div><script type="module" src="/src/app/main.tsx"></script>',
    'src/app/main.tsx': "void import('./start-portal.tsx').then((portal) => portal.start());\n",
    'src/app/start-portal.tsx':
      "import { shell } from './shell.ts';\nimport './portal.css';\nconst strings = import.meta.glob('../../locales/*/*.json');\nexport function start() { shell(); void strings['../../locales/fr-FR/common.json']?.(); }\n",
    'src/app/shell.ts': "import '../base.css';\nexport function shell() { document.title = 'portal'; }\n",
    'src/base.css': 'body { margin: 0 }\n',
    'src/app/portal.css': '#root { color: red }\n',
    'locales/fr-FR/common.json': '{ "hello": "Bonjour" }\n',
    'locales/en/common.json': '{ "hello": "Hello" }\n',
    ...extra,
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

/** The project with a sign-in app beside the portal: the address chooses which one the entry starts. */
function twoApps(signInApp: string, extra: Record<string, string> = {}): string {
  return project({
    'src/app/main.tsx':
      "void (location.pathname === '/login' ? import('./sign-in-app.tsx') : import('./start-portal.tsx')).then((app) => app.start());\n",
    'src/app/sign-in-app.tsx': signInApp,
    ...extra,
  });
}

type Portal = ReturnType<typeof portalChunks>;

/** Builds the project in memory with the plugin and the chunk groups the test names. */
async function buildWith(
  root: string,
  groups: (
    portal: Portal,
  ) => { name: string; test: (id: string) => boolean; includeDependenciesRecursively?: boolean }[],
  firstRender?: RegExp,
): Promise<{ result: Rolldown.RolldownOutput; preloads: string[] }> {
  const portal = portalChunks('fr-FR', undefined, firstRender);
  const result = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [portal.plugin],
    build: {
      write: false,
      rolldownOptions: { output: { codeSplitting: { groups: groups(portal) } } },
    },
  })) as Rolldown.RolldownOutput;
  const html = result.output.find((file) => file.fileName === 'index.html');
  const text = html?.type === 'asset' ? String(html.source) : '';
  const preloads = [...text.matchAll(/rel="modulepreload"[^>]*href="\/assets\/([a-z-]+)-/g)].map(
    (m) => m[1] ?? '',
  );
  return { result, preloads };
}

/** The groups as vite.config.ts has them: a group takes only the modules its test names. */
const ownModulesOnly = (portal: Portal) => [
  { name: 'first', test: portal.isPortalModule, includeDependenciesRecursively: false },
  { name: 'shared', test: portal.isSignInModule, includeDependenciesRecursively: false },
];

describe('the portal chunk preloaded with the entry', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('puts modulepreloads for the portal, its imports and the default strings, and its stylesheets in order, in index.html', async () => {
    const root = project();
    dirs.push(root);
    const { result, preloads } = await buildWith(root, (portal) => [
      { name: 'first', test: portal.isPortalModule },
    ]);
    const html = result.output.find((file) => file.fileName === 'index.html');
    const text = html?.type === 'asset' ? String(html.source) : '';
    expect(preloads).toEqual(expect.arrayContaining(['start-portal', 'first', 'common']));
    // Not the English strings: only the default locale's.
    expect(preloads.filter((name) => name === 'common')).toHaveLength(1);
    const sheets = [...text.matchAll(/rel="stylesheet"[^>]*href="\/(assets\/[^"]+)"/g)].map(
      (m) => m[1] ?? '',
    );
    expect(sheets.length).toBeGreaterThan(0);
    const css = sheets
      .map((file) => result.output.find((output) => output.fileName === file))
      .map((output) => (output?.type === 'asset' ? String(output.source) : ''))
      .join('\n');
    // The shell's base styles before the portal's own, as the import order says.
    expect(css.indexOf('margin')).toBeGreaterThan(-1);
    expect(css.indexOf('margin')).toBeLessThan(css.indexOf('color'));
  });

  it('with a sign-in app beside the portal, preloads only what both load, never the portal itself', async () => {
    // Both apps run on the shell.
    const root = twoApps(
      "import { shell } from './shell.ts';\nexport function start() { shell(); document.body.dataset.app = 'sign-in'; }\n",
    );
    dirs.push(root);
    const { preloads } = await buildWith(root, (portal) => [
      { name: 'first', test: portal.isPortalModule },
      { name: 'shared', test: portal.isSignInModule },
    ]);
    expect(preloads).toEqual(expect.arrayContaining(['shared', 'common']));
    expect(preloads).not.toContain('start-portal');
    expect(preloads).not.toContain('sign-in-app');
  });

  it('keeps what only the sign-in app runs out of the chunk the portal shares with it', async () => {
    const root = twoApps(
      "import { shell } from './shell.ts';\nimport { tree } from './sign-in-tree.ts';\nexport function start() { shell(); tree(); }\n",
      { 'src/app/sign-in-tree.ts': "export function tree() { document.body.dataset.tree = 'sign-in'; }\n" },
    );
    dirs.push(root);
    const { result } = await buildWith(root, ownModulesOnly);
    const modulesOf = (name: string) =>
      result.output
        .filter((output) => output.type === 'chunk' && output.name === name)
        .flatMap((chunk) => (chunk.type === 'chunk' ? Object.keys(chunk.modules) : []))
        .map((id) => id.slice(root.length + 1));
    expect(modulesOf('shared')).toContain('src/app/shell.ts');
    expect(modulesOf('shared')).not.toContain('src/app/sign-in-tree.ts');
    expect(modulesOf('sign-in-app')).toContain('src/app/sign-in-tree.ts');
  });

  it("puts the signed-in first page's lazy modules in the portal's chunk, not the page itself nor what a sign-in page loads too", async () => {
    const root = twoApps(
      "import { shell } from './shell.ts';\nimport { pages } from '../../plugins/auth/index.ts';\nexport function start() { shell(); void pages[0]?.(); }\n",
      {
        'plugins/auth/index.ts': "export const pages = [() => import('./login-page.ts')];\n",
        'plugins/auth/login-page.ts':
          "import { note } from '../../src/ui/note.ts';\nexport default function login() { return note('login'); }\n",
        'src/app/start-portal.tsx':
          "import { shell } from './shell.ts';\nconst home = () => import('../../plugins/entity-home/home-page.ts');\nexport function start() { shell(); void home().then((page) => page.default()); }\n",
        'plugins/entity-home/home-page.ts':
          "import { grid } from '../../src/grid/home-grid.ts';\nimport { note } from '../../src/ui/note.ts';\nexport default function home() { return grid() + note('home'); }\n",
        'src/grid/home-grid.ts': "export function grid() { return document.title + ' grid'; }\n",
        'src/ui/note.ts': 'export function note(text: string) { return text + document.title; }\n',
      },
    );
    dirs.push(root);
    const { result } = await buildWith(root, ownModulesOnly, /home-page\.ts$/);
    const chunks = result.output.filter((output) => output.type === 'chunk');
    const first = chunks.find((chunk) => chunk.name === 'first');
    const modules = Object.keys(first?.modules ?? {}).map((id) => id.slice(root.length + 1));
    expect(modules).toContain('src/grid/home-grid.ts');
    // The page itself keeps its chunk, a real one that imports the group's (not a facade re-exporting it).
    expect(modules).not.toContain('plugins/entity-home/home-page.ts');
    const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('home-page.ts') === true);
    expect(Object.keys(page?.modules ?? {}).some((id) => id.endsWith('home-page.ts'))).toBe(true);
    expect(page?.imports.some((file) => file.includes('first'))).toBe(true);
    // The login page's own import: in the portal's chunk, the login page would load the portal.
    expect(modules).not.toContain('src/ui/note.ts');
    const login = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('login-page.ts') === true);
    expect(login?.imports.some((file) => file.includes('first'))).toBe(false);
  });
});
