import { afterEach, describe, expect, it } from 'vitest';
import { brandingRedraws, pageBranding, withPageBranding } from './page-branding.ts';

const BUILT = { firmName: 'Cabinet Moreau', primaryColor: '#3b5bdb' };

function serve(content: string): void {
  const meta = document.createElement('meta');
  meta.name = 'portal-branding';
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => {
  document.head.replaceChildren();
});

describe('the published branding the server included in the page', () => {
  it('is read from its meta, and the load starts on it whatever manifest it started from', () => {
    const published = { firmName: 'Fiduciaire <Nord>', primaryColor: '#0b6e4f', favicon: '/f.svg' };
    serve(JSON.stringify(published));
    expect(pageBranding(document)).toEqual(published);
    const start = { manifest: { app: {}, branding: BUILT }, source: 'built-in' as const, version: null };
    expect(withPageBranding(start, pageBranding(document))).toEqual({
      manifest: { app: {}, branding: published },
      source: 'built-in',
      version: null,
    });
  });

  it('counts as absent when the server included none or something unreadable: the build draws', () => {
    expect(pageBranding(document)).toBeUndefined();
    serve('{"firmName": 3}');
    expect(pageBranding(document)).toBeUndefined();
    document.head.replaceChildren();
    serve('<!--# include');
    expect(pageBranding(document)).toBeUndefined();
    const start = { manifest: { branding: BUILT }, source: 'cached' as const, version: 4 };
    expect(withPageBranding(start, undefined)).toBe(start);
  });

  it('redraws the pre-rendered login page only when its text changes, not for a colour or an icon', () => {
    expect(brandingRedraws(BUILT, undefined)).toBe(false);
    expect(brandingRedraws(BUILT, { ...BUILT, primaryColor: '#0b6e4f', favicon: '/f.svg' })).toBe(false);
    expect(brandingRedraws(BUILT, { ...BUILT, firmName: 'Fiduciaire Nord' })).toBe(true);
    expect(brandingRedraws(BUILT, { ...BUILT, support: { email: 'aide@nord.example' } })).toBe(true);
    expect(brandingRedraws(undefined, BUILT)).toBe(true);
  });
});
