import { DEFAULT_FAVICON } from '../../kernel/manifest/page-branding.ts';

const TYPES: Readonly<Record<string, string>> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The media type a browser is told for an icon's address, by its extension (undefined: let it sniff). */
export function faviconType(href: string): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(href.split(/[?#]/)[0] ?? '')?.[1]?.toLowerCase();
  return extension === undefined ? undefined : TYPES[extension];
}

/**
 * Points the page's icon at the manifest's (`branding.favicon`): index.html carries the built-in
 * manifest's (scripts/vite-favicon.ts), a published manifest may name another one.
 */
export function applyFavicon(document: Document, favicon: string | undefined): void {
  const href = favicon ?? DEFAULT_FAVICON;
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (link === null) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  if (link.getAttribute('href') === href) return;
  link.setAttribute('href', href);
  const type = faviconType(href);
  if (type === undefined) link.removeAttribute('type');
  else link.type = type;
}
