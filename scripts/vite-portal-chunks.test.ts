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

type Portal = ReturnType<typeof portalChunks>;

/** Builds the project in memory with the plugin and the chunk groups the test names. */
async function buildWith(
  root: string,
  groups: (portal: Portal) => { name: string; test: (id: string) => boolean }[],
): Promise<{ result: Rolldown.RolldownOutput; preloads: string[] }> {
  const portal = portalChunks('fr-FR');
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
    const root = project({
      // The entry chooses one of two apps; both run on the shell.
      'src/app/main.tsx':
        "void (location.pathname === '/login' ? import('./sign-in-app.tsx') : import('./start-portal.tsx')).then((app) => app.start());\n",
      'src/app/sign-in-app.tsx':
        "import { shell } from './shell.ts';\nexport function start() { shell(); document.body.dataset.app = 'sign-in'; }\n",
    });
    dirs.push(root);
    const { preloads } = await buildWith(root, (portal) => [
      { name: 'first', test: portal.isPortalModule },
      { name: 'shared', test: portal.isSignInModule },
    ]);
    expect(preloads).toEqual(expect.arrayContaining(['shared', 'common']));
    expect(preloads).not.toContain('start-portal');
    expect(preloads).not.toContain('sign-in-app');
  });
});
