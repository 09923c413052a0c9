/*
 * The pre-rendered login page (built by scripts/vite-prerender-login.ts from src/app/prerender-login.tsx)
 * is drawn for one visitor: on the login path, without a stored session, language other than the default
 * or published manifest (nor a published branding the server included that draws other text), and without a query that changes the page; with the consent banner of a first
 * visit. Only the browser knows those, and it must know before the first paint, or a signed-in tab or an
 * English reader would see the French login page flash, and a returning visitor the banner. So the page's
 * head carries a small inline script (its hash is in the CSP's script-src) that writes the answer on
 * <html>; stylesheet rules hide the markup ('off': the entry, src/app/main.tsx, then discards it and
 * renders on the client) or only the banner ('no-banner': the sign-in app hydrates the page with it, then
 * takes it away).
 */

import { PAGE_BRANDING_MARKUP, PAGE_BRANDING_META } from '../../kernel/manifest/page-branding.ts';
import { prerenderRows } from './start-table.ts';
import type { PrerenderDecision } from './start-table.ts';

/** What the inline script compares the browser's state with: the prerender's assumptions. */
export type PrerenderFacts = {
  loginPath: string;
  /** Where the session token lives ('memory': nowhere a reload can see). */
  tokenStorage: 'session' | 'local' | 'memory';
  tokenKey: string;
  languageKey: string;
  defaultLocale: string;
  locales: readonly string[];
  /** The consent choice's key, when the prerender shows the banner (a stored choice: 'no-banner'). */
  consentKey: string | null;
  /** The last published manifest's key: one stored means another manifest may draw this page. */
  manifestKey: string;
  /**
   * What the markup drew of the built manifest's branding (kernel/manifest/page-branding.ts): the branding
   * the server included in the page (its meta) drawing other text means another page.
   */
  brandingMarkup: string;
  /** Query parameters the first screen does not depend on. */
  neutralParams: readonly string[];
};

/**
 * The attribute of <html> the inline script writes: 'on' (hydrate the markup), 'no-banner' (hydrate it, the
 * consent banner hidden and then removed: the choice is made) or 'off' (discard it).
 */
export const PRERENDER_ATTRIBUTE = 'data-prerender';

/** The consent banner's root in the pre-rendered markup. */
const BANNER_ELEMENT = 'section[aria-labelledby=consent-title]';
const BANNER = `#root ${BANNER_ELEMENT}`;

/**
 * Hides what the script ruled out before the first paint (style-src allows inline styles). And the banner
 * until the parser is past it (the page follows it): fixed to the corner and as wide as its text, a banner
 * painted half-parsed would grow under the eyes (a layout shift).
 */
export const PRERENDER_STYLE = [
  `html[${PRERENDER_ATTRIBUTE}=off] #root,html[${PRERENDER_ATTRIBUTE}=no-banner] ${BANNER}{display:none}`,
  `html[${PRERENDER_ATTRIBUTE}=on] ${BANNER}:not(:has(+ *)){visibility:hidden}`,
].join('');

// Plain ES5 on purpose: it runs before any of the portal's code, in every browser the portal supports,
// and its exact text is hashed into the CSP. It states the browser's facts as the start table does
// (src/app/start-table.ts) and takes the decision of the first row they meet. It cannot tell a live token
// from an expired one: any stored token counts as live (both rows say 'off'). Any failure (storage
// blocked) means 'off': a client render.
const DECIDE = `function (f) {
  var d = 'off';
  try {
    var w = window, l = w.location, s = w.localStorage;
    var p = l.pathname.length > 1 ? l.pathname.replace(/\\/+$/, '') : l.pathname;
    var q = 'neutral';
    new URLSearchParams(l.search).forEach(function (v, k) { if (f.neutralParams.indexOf(k) < 0) q = 'changes-page'; });
    var t = f.tokenStorage === 'local' ? s : f.tokenStorage === 'session' ? w.sessionStorage : null;
    var g = s.getItem(f.languageKey);
    var c = f.consentKey === null ? null : s.getItem(f.consentKey), o = null;
    var b = document.querySelector('meta[name="${PAGE_BRANDING_META}"]');
    try { o = c === null ? null : JSON.parse(c); } catch (e) { o = null; }
    var x = {
      path: p === f.loginPath ? 'login' : 'elsewhere',
      session: t && t.getItem(f.tokenKey) ? 'active' : 'none',
      query: q,
      language: g === null || g === f.defaultLocale || f.locales.indexOf(g) < 0 ? 'default' : 'other',
      manifest: s.getItem(f.manifestKey) === null && (b === null || b.getAttribute('${PAGE_BRANDING_MARKUP}') === f.brandingMarkup) ? 'built-in' : 'published',
      consent: f.consentKey === null ? 'not-asked' : typeof o === 'object' && o !== null ? 'chosen' : 'due'
    };
    for (var i = 0; i < f.rows.length; i++) {
      var r = f.rows[i], m = true;
      for (var k in r[0]) if (r[0][k] !== x[k]) m = false;
      if (m) { d = r[1]; break; }
    }
  } catch (e) { d = 'off'; }
  document.documentElement.setAttribute('${PRERENDER_ATTRIBUTE}', d);
}`;

/** The inline script's exact text: the page's head carries it, the CSP carries its hash. */
export function prerenderDecisionScript(facts: PrerenderFacts): string {
  return `(${DECIDE})(${JSON.stringify({ ...facts, rows: prerenderRows() })});`;
}

/** What the inline script decided: undefined when this page was not pre-rendered (index.html). */
export function prerenderDecision(root: HTMLElement): PrerenderDecision | undefined {
  const value = root.getAttribute(PRERENDER_ATTRIBUTE);
  return value === 'on' || value === 'no-banner' || value === 'off' ? value : undefined;
}

/**
 * Drops the pre-rendered consent banner of a visitor who has chosen already ('no-banner'): the sign-in app
 * then hydrates the page without it, so neither its code nor its strings are downloaded to be taken away.
 * The page's other parts keep their place in React's tree (the banner's slot is empty, not gone), so
 * hydration still matches them.
 */
export function dropPrerenderedBanner(container: HTMLElement): void {
  container.querySelector(BANNER_ELEMENT)?.remove();
}

/** Drops the pre-rendered markup: the app renders on an empty root, which the stylesheet rules leave alone. */
export function discardPrerender(root: HTMLElement, container: HTMLElement): void {
  container.replaceChildren();
  root.removeAttribute(PRERENDER_ATTRIBUTE);
}
