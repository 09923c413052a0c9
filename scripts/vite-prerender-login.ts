import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import type { Plugin, Rollup } from 'vite';
import { PRERENDER_STYLE, prerenderDecisionScript } from '../src/app/prerender-decision.ts';
import type { PrerenderedLogin } from '../src/app/prerender-login.tsx';

const ENTRY = 'src/app/prerender-login.tsx';

/** The modules whose chunks draw the login page's first screen (their CSS must be there before it paints). */
function firstScreenModules(defaultLocale: string): RegExp[] {
  return [
    /[\\/]src[\\/]app[\\/]sign-in-app\.tsx$/,
    /[\\/]plugins[\\/]auth[\\/]client-login-page\.tsx$/,
    /[\\/]src[\\/]shell[\\/]consent-banner\.tsx$/,
    new RegExp(`[\\\\/]locales[\\\\/]${defaultLocale}[\\\\/](common|auth|consent)\\.json$`),
  ];
}

/** The JS and CSS files of those chunks and of what they import statically, in load order. */
export function firstScreenFiles(
  bundle: Rollup.OutputBundle,
  modules: readonly RegExp[],
): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk' || js.has(file)) return;
    js.add(file);
    for (const imported of chunk.imports) visit(imported);
    for (const sheet of chunk.viteMetadata?.importedCss ?? []) css.add(sheet);
  };
  for (const output of Object.values(bundle))
    if (
      output.type === 'chunk' &&
      !output.isEntry &&
      modules.some((re) => re.test(output.facadeModuleId ?? ''))
    )
      visit(output.fileName);
  return { js: [...js], css: [...css] };
}

/** 'sha256-…' of an inline script, as script-src names it. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/** The built index.html's policy with the inline script's hash: the header of every response says it. */
export function withScriptHash(html: string, hash: string): string {
  const next = html.replace(
    /(http-equiv="Content-Security-Policy"\s+content="[^"]*script-src 'self')/,
    `$1 ${hash}`,
  );
  if (next === html) throw new Error('index.html: the CSP has no "script-src \'self\'"');
  return next;
}

/** The login page's HTML: the built index.html with the markup, its title, styles and decision script. */
export function loginDocument(
  indexHtml: string,
  page: Pick<PrerenderedLogin, 'html' | 'title'> & { script: string },
  files: { js: readonly string[]; css: readonly string[] },
  base: string,
): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const missing = (file: string) => !indexHtml.includes(`"${base}${file}"`);
  const head = [
    `<script>${page.script}</script>`,
    `<style>${PRERENDER_STYLE}</style>`,
    ...files.css.filter(missing).map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
    ...files.js.filter(missing).map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
  ].join('\n    ');
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error(`index.html has no ${root}`);
  return (
    indexHtml
      // Mantine's light scheme, which its provider would only set once running: the styles need it now.
      .replace(/<html([^>]*)>/, '<html$1 data-mantine-color-scheme="light">')
      .replace(/<title>[^<]*<\/title>/, `<title>${escape(page.title)}</title>`)
      .replace('</head>', `  ${head}\n  </head>`)
      .replace(root, `<div id="root">${page.html}</div>`)
  );
}

/**
 * The build only: the login page pre-rendered (src/app/prerender-login.tsx, built for Node with this same
 * config and run here) into `<login path>/index.html`, which the servers send for that path
 * (scripts/static-server.ts, deploy/nginx.conf), and the hash of its inline decision script added to the
 * CSP of index.html, from which both servers take their header.
 */
export function prerenderLogin(): Plugin {
  let root = '';
  let outDir = '';
  let base = '/';
  let configFile: string | false = false;
  let mode = 'production';
  return {
    name: 'portal-prerender-login',
    // Not in the Node build it starts itself.
    apply: (config, { command }) => command === 'build' && config.build?.ssr === undefined,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
      configFile = config.configFile ?? false;
      mode = config.mode;
    },
    // Before closeBundle, where the files are compressed (scripts/vite-precompress.ts).
    async writeBundle(_options, bundle) {
      const ssrOut = path.join(root, 'node_modules', '.prerender-login');
      await build({
        root,
        configFile,
        mode,
        logLevel: 'warn',
        build: { ssr: ENTRY, outDir: ssrOut, emptyOutDir: true, copyPublicDir: false },
      });
      const built = readdirSync(ssrOut).find((file) => /^prerender-login\.m?js$/.test(file));
      if (built === undefined) throw new Error(`The prerender build wrote no ${ENTRY}`);
      const module = (await import(pathToFileURL(path.join(ssrOut, built)).href)) as {
        prerenderLogin: () => Promise<PrerenderedLogin>;
      };
      const page = await module.prerenderLogin();
      rmSync(ssrOut, { recursive: true, force: true });

      const script = prerenderDecisionScript(page.facts);
      const indexFile = path.join(outDir, 'index.html');
      const indexHtml = withScriptHash(readFileSync(indexFile, 'utf8'), scriptHash(script));
      writeFileSync(indexFile, indexHtml);
      const files = firstScreenFiles(bundle, firstScreenModules(page.facts.defaultLocale));
      if (page.facts.loginPath === '/') throw new Error('The login route cannot be pre-rendered at /');
      const loginDir = path.join(outDir, ...page.facts.loginPath.split('/').filter(Boolean));
      mkdirSync(loginDir, { recursive: true });
      writeFileSync(
        path.join(loginDir, 'index.html'),
        loginDocument(indexHtml, { html: page.html, title: page.title, script }, files, base),
      );
    },
  };
}
