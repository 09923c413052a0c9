import { afterEach, describe, expect, it } from 'vitest';
import { applyFavicon, faviconType } from './favicon.ts';

const icon = () => document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');

afterEach(() => {
  document.head.innerHTML = '';
});

describe("the page's icon", () => {
  it("follows the manifest's favicon, with the media type of its file", () => {
    document.head.innerHTML = '<link rel="icon" href="/favicon.svg" type="image/svg+xml">';
    applyFavicon(document, '/branding/cabinet.png');
    expect(icon()?.getAttribute('href')).toBe('/branding/cabinet.png');
    expect(icon()?.type).toBe('image/png');
    expect(document.head.querySelectorAll('link[rel="icon"]')).toHaveLength(1);
  });

  it("goes back to the engine's own when the manifest names none", () => {
    document.head.innerHTML = '<link rel="icon" href="/branding/cabinet.png" type="image/png">';
    applyFavicon(document, undefined);
    expect(icon()?.getAttribute('href')).toBe('/favicon.svg');
    expect(icon()?.type).toBe('image/svg+xml');
  });

  it('is added to a page that has none; an unknown kind of file gets no media type', () => {
    applyFavicon(document, '/branding/icon');
    expect(icon()?.getAttribute('href')).toBe('/branding/icon');
    expect(icon()?.hasAttribute('type')).toBe(false);
  });

  it('reads the extension before a query', () => {
    expect(faviconType('/icon.SVG?v=2')).toBe('image/svg+xml');
  });
});
