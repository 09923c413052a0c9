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
