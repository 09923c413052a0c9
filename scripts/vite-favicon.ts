import type { Plugin } from 'vite';
import { DEFAULT_FAVICON } from '../kernel/manifest/page-branding.ts';
import { faviconType } from '../src/app/favicon.ts';

/** The `<link rel="icon">` of index.html for a manifest's `branding.favicon` (the engine's own without one). */
export function faviconTag(favicon: string | undefined): string {
  const href = favicon ?? DEFAULT_FAVICON;
  const type = faviconType(href);
  const escape = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  return `<link rel="icon" href="${escape(href)}"${type === undefined ? '' : ` type="${type}"`} />`;
}

/**
 * The built-in manifest's favicon in index.html, so every page has it from the first byte, the pre-rendered
 * login too, before any code runs; a published manifest's is applied at run time (src/app/favicon.ts).
 */
export function brandingFavicon(favicon: string | undefined): Plugin {
  return {
    name: 'portal-branding-favicon',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace(/<link rel="icon"[^>]*>/, faviconTag(favicon)),
    },
  };
}
