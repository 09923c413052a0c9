import { afterEach, describe, expect, it } from 'vitest';
import {
  brandingMarkup,
  PAGE_BRANDING_MARKUP,
  PAGE_BRANDING_META,
} from '../../kernel/manifest/page-branding.ts';
import type { PrerenderFacts } from './prerender-decision.ts';
import { PRERENDER_ATTRIBUTE, discardPrerender, prerenderDecision } from './prerender-decision.ts';
import { runDecisionScript } from './prerender-test-utils.ts';

const BUILT = { firmName: 'Cabinet Moreau', primaryColor: '#3b5bdb' };

/** The server's include of a published branding in the page's head (gateway/src/kernel/branding.ts). */
function serveBranding(branding: typeof BUILT): void {
  const meta = document.createElement('meta');
  meta.name = PAGE_BRANDING_META;
  meta.content = JSON.stringify(branding);
  meta.setAttribute(PAGE_BRANDING_MARKUP, brandingMarkup(branding));
  document.head.append(meta);
}

const FACTS: PrerenderFacts = {
  loginPath: '/login',
  tokenStorage: 'session',
  tokenKey: 'token',
  languageKey: 'portal-language',
  defaultLocale: 'fr-FR',
  locales: ['fr-FR', 'en'],
  consentKey: 'consent',
  manifestKey: 'portal-manifest',
  brandingMarkup: brandingMarkup(BUILT),
  neutralParams: ['choice'],
};

/** Runs the script's exact text at an address, as the page's head would, and reads what it wrote. */
function decideAt(address: string, facts: PrerenderFacts = FACTS): string | null {
  window.history.replaceState(null, '', address);
  return runDecisionScript(facts);
}

afterEach(() => {
  document.head.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the pre-rendered login page is kept only for the visit it was drawn for', () => {
  it('keeps it on the login path of a first visit, with or without the choice of login page', () => {
    expect(decideAt('/login')).toBe('on');
    expect(decideAt('/login/')).toBe('on');
    expect(decideAt('/login?choice=client')).toBe('on');
  });

  it('drops it on any other path (a server that sent it elsewhere by mistake)', () => {
    expect(decideAt('/')).toBe('off');
    expect(decideAt('/dossier/1001/accueil')).toBe('off');
    expect(decideAt('/login/more')).toBe('off');
  });

  it('drops it when the query changes the page (an expired session, a redirect, a new password)', () => {
    expect(decideAt('/login?sessionExpired=true')).toBe('off');
    expect(decideAt('/login?redirect=%2Fdossier%2F1001%2Fdocuments')).toBe('off');
    expect(decideAt('/login?choice=client&passwordChanged=true')).toBe('off');
  });

  it('drops it for a tab with a session (even expired: the app says so in a dialog)', () => {
    sessionStorage.setItem('token', 'a.b.c');
    expect(decideAt('/login')).toBe('off');
    // The key of another storage is not this portal's session.
    sessionStorage.clear();
    localStorage.setItem('token', 'a.b.c');
    expect(decideAt('/login')).toBe('on');
  });

  it('drops it for a reader of another language, keeps it for the default or an unknown one', () => {
    localStorage.setItem('portal-language', 'en');
    expect(decideAt('/login')).toBe('off');
    localStorage.setItem('portal-language', 'fr-FR');
    expect(decideAt('/login')).toBe('on');
    // The app falls back to the default for a language the manifest does not offer.
    localStorage.setItem('portal-language', 'de');
    expect(decideAt('/login')).toBe('on');
  });

  it('hides only the banner once consent was chosen; a choice it cannot read leaves the banner', () => {
    localStorage.setItem('consent', '{"analytics":false}');
    expect(decideAt('/login')).toBe('no-banner');
    // A prerender without a banner has nothing to hide.
    expect(decideAt('/login', { ...FACTS, consentKey: null })).toBe('on');
    // The consent store takes what is not a JSON object for no choice: the banner is due.
    localStorage.setItem('consent', 'yes');
    expect(decideAt('/login')).toBe('on');
    localStorage.setItem('consent', 'null');
    expect(decideAt('/login')).toBe('on');
  });

  it('drops it when a published manifest is stored: it may draw another login page', () => {
    localStorage.setItem('portal-manifest', '{"version":3}');
    expect(decideAt('/login')).toBe('off');
  });

  it('keeps it when the published branding the server included draws the same text, drops it when it does not', () => {
    serveBranding({ ...BUILT, primaryColor: '#0b6e4f' });
    // Another colour only: the page's head sets it, the markup stands.
    expect(decideAt('/login')).toBe('on');
    document.head.replaceChildren();
    serveBranding({ ...BUILT, firmName: 'Fiduciaire Nord' });
    expect(decideAt('/login')).toBe('off');
  });

  it('drops it when the storage cannot be read', () => {
    const original = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    try {
      expect(decideAt('/login')).toBe('off');
    } finally {
      if (original) Object.defineProperty(window, 'localStorage', original);
    }
  });
});

describe('the entry reads the decision', () => {
  it('tells a pre-rendered page (on, no-banner, off) from index.html (nothing), and discards the markup', () => {
    const root = document.createElement('html');
    expect(prerenderDecision(root)).toBeUndefined();
    root.setAttribute(PRERENDER_ATTRIBUTE, 'no-banner');
    expect(prerenderDecision(root)).toBe('no-banner');
    root.setAttribute(PRERENDER_ATTRIBUTE, 'maybe');
    expect(prerenderDecision(root)).toBeUndefined();
    root.setAttribute(PRERENDER_ATTRIBUTE, 'off');
    expect(prerenderDecision(root)).toBe('off');
    const container = document.createElement('div');
    container.innerHTML = '<h1>Connexion</h1>';
    discardPrerender(root, container);
    expect(container.childNodes).toHaveLength(0);
    expect(prerenderDecision(root)).toBeUndefined();
  });
});
