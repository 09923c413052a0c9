import { relative } from 'node:path';
import type { Plugin } from 'vite';
import { formatProblems } from '../kernel/manifest/problems.ts';
import { validateManifestSource } from '../kernel/manifest/validate.ts';

/**
 * Validates portal.config.json whenever Vite loads it: `vite build` fails and the dev server shows the
 * problems in its error overlay; once the file is fixed the next load passes and the page reloads.
 * Plugin references are checked by `npm run validate` and at start by the plugin registry.
 */
export function manifestValidation(manifestFile = 'portal.config.json'): Plugin {
  return {
    name: 'portal-manifest-validation',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith(manifestFile)) return null;
      const result = validateManifestSource(code);
      if (!result.ok) {
        this.error(`Invalid manifest:\n${formatProblems(relative(process.cwd(), id), result.problems)}`);
      }
      return null;
    },
  };
}

/**
 * The published manifest is fetched with the code, not after it: index.html preloads the very address
 * src/app/main.tsx asks (same URL, same credentials mode), and the build's etag of its built-in
 * manifest goes in it, so a browser whose built-in manifest is the published one gets a few bytes back.
 */
export function publishedManifestPreload(url: string | undefined): Plugin {
  return {
    name: 'portal-published-manifest-preload',
    transformIndexHtml() {
      if (url === undefined) return [];
      return [
        { tag: 'link', attrs: { rel: 'preload', as: 'fetch', crossorigin: '', href: url }, injectTo: 'head' },
      ];
    },
  };
}

/**
 * The server-side include of the published branding, in nginx's SSI syntax (scripts/static-server.ts reads
 * it too), around the build's own tags (`built`, its favicon): the server sends the gateway's fragment in
 * their place, or them when the fragment is empty or does not come (the gateway down: never an error
 * page). A server without includes sends them as they are, its comments inert.
 */
export function brandingIncludeDirective(url: string, built: string): string {
  return `<!--# block name="built-branding" -->${built}<!--# endblock --><!--# include virtual="${url}" stub="built-branding" -->`;
}

/**
 * The published manifest's branding in the head of the HTML the server sends (index.html and, built from
 * it, the pre-rendered login page): the server replaces the build's favicon by the gateway's fragment
 * (kernel/manifest/page-branding.ts), so a browser that never signed in is drawn in the studio's current
 * branding from the first paint. After the favicon's own plugin (scripts/vite-favicon.ts).
 */
export function publishedBrandingInclude(url: string | undefined): Plugin {
  return {
    name: 'portal-published-branding-include',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (url === undefined) return html;
        const icon = /<link rel="icon"[^>]*>/.exec(html)?.[0];
        if (icon === undefined) throw new Error('index.html has no <link rel="icon">');
        return html.replace(icon, brandingIncludeDirective(url, icon));
      },
    },
  };
}
