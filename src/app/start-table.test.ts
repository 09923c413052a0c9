import { afterEach, describe, expect, it } from 'vitest';
import { brandingMarkup } from '../../kernel/manifest/page-branding.ts';
import { CONSENT_STORAGE_KEY } from '../analytics/consent.ts';
import { LANGUAGE_STORAGE_KEY } from '../i18n/i18n.ts';
import { pathOf } from '../manifest/route-index.ts';
import { LAST_GOOD_MANIFEST_KEY } from '../manifest/runtime-manifest.ts';
import { tokenExpiringIn } from '../session/token-test-utils.ts';
import { storedToken } from '../session/token-storage.ts';
import { loadRealManifest } from '../testing/manifest.ts';
import { entryApp, entryPrerender } from './entry-choice.ts';
import type { PrerenderFacts } from './prerender-decision.ts';
import { runDecisionScript } from './prerender-test-utils.ts';
import { appAt, signInPrerender } from './sign-in-start.ts';
import { START_TABLE, startRow } from './start-table.ts';
import type { PrerenderDecision, StartFacts } from './start-table.ts';

const config = loadRealManifest();
const loginPath = pathOf(config, config.routing.loginRoute) ?? '';
const { storage: tokenStorage, tokenKey } = config.session;
const tokenArea = () => (tokenStorage === 'local' ? localStorage : sessionStorage);
const otherLocale = config.app.locales.find((locale) => locale !== config.app.defaultLocale) ?? '';

/** Each value of each fact, and how a browser comes to show it. */
const WAYS: { [F in keyof StartFacts]: [StartFacts[F], { address?: string; arrange?: () => void }][] } = {
  path: [
    ['login', { address: loginPath }],
    ['login', { address: `${loginPath}/` }],
    ['elsewhere', { address: '/' }],
    ['elsewhere', { address: `${loginPath}/extra` }],
  ],
  session: [
    ['none', {}],
    ['inactive', { arrange: () => tokenArea().setItem(tokenKey, tokenExpiringIn(-60, Date.now())) }],
    ['active', { arrange: () => tokenArea().setItem(tokenKey, tokenExpiringIn(3600, Date.now())) }],
  ],
  query: [
    ['neutral', { address: '?choice=client' }],
    ['changes-page', { address: '?redirect=%2Fcollaborateur' }],
  ],
  language: [
    ['default', {}],
    ['other', { arrange: () => localStorage.setItem(LANGUAGE_STORAGE_KEY, otherLocale) }],
  ],
  manifest: [
    ['built-in', {}],
    ['published', { arrange: () => localStorage.setItem(LAST_GOOD_MANIFEST_KEY, '{"version":3}') }],
  ],
  consent: [
    ['not-asked', {}],
    ['due', {}],
    ['chosen', { arrange: () => localStorage.setItem(CONSENT_STORAGE_KEY, '{"analytics":false}') }],
  ],
};

type Way = { address?: string; arrange?: () => void };
type Case = { facts: StartFacts; ways: Way[] };

/** Every combination of the facts' values, with the ways that show them. */
function everyCase(): Case[] {
  let cases: Case[] = [{ facts: {} as StartFacts, ways: [] }];
  for (const [fact, values] of Object.entries(WAYS) as [keyof StartFacts, [string, Way][]][])
    cases = cases.flatMap(({ facts, ways }) =>
      values.map(([value, way]) => ({ facts: { ...facts, [fact]: value }, ways: [...ways, way] })),
    );
  return cases;
}

/** The inline script's exact text, run as the page's head runs it: what it wrote on <html>. */
function inlineScript(consentAsked: boolean): PrerenderDecision {
  const facts: PrerenderFacts = {
    loginPath,
    tokenStorage,
    tokenKey,
    languageKey: LANGUAGE_STORAGE_KEY,
    defaultLocale: config.app.defaultLocale,
    locales: config.app.locales,
    consentKey: consentAsked ? CONSENT_STORAGE_KEY : null,
    manifestKey: LAST_GOOD_MANIFEST_KEY,
    brandingMarkup: brandingMarkup(config.branding),
    neutralParams: ['choice'],
  };
  return runDecisionScript(facts) as PrerenderDecision;
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the start table', () => {
  it('ends on a row without conditions, and a fact nobody sees meets none', () => {
    expect(START_TABLE.at(-1)?.when).toEqual({});
    expect(startRow({})).toEqual({ when: {}, app: 'sign-in', prerender: 'on' });
  });

  it.each(everyCase())(
    'the entry, the inline script and the sign-in app agree with it: %j',
    ({ facts, ways }) => {
      window.history.replaceState(null, '', ways.map((way) => way.address ?? '').join(''));
      for (const way of ways) way.arrange?.();
      const { pathname } = window.location;
      const row = startRow(facts);
      const token = storedToken({ kind: tokenStorage, key: tokenKey });

      expect(entryApp({ pathname, config, token })).toBe(row.app);

      // The page is hydrated only when the script, the entry and the sign-in app all keep it.
      const script = inlineScript(facts.consent !== 'not-asked');
      const entry = entryPrerender({
        pathname,
        config,
        token,
        manifest: facts.manifest === 'built-in' ? 'built-in' : 'cached',
      });
      const signIn = signInPrerender({
        language: facts.language === 'other' ? otherLocale : config.app.defaultLocale,
        defaultLocale: config.app.defaultLocale,
        banner: facts.consent !== 'not-asked',
        decided: facts.consent === 'chosen',
      });
      const kept = script !== 'off' && entry !== 'off' && signIn === script ? script : 'off';
      expect(kept).toBe(row.prerender);

      // Running, the sign-in app keeps the addresses the entry gives it.
      if (facts.session === 'none') expect(appAt(pathname, loginPath)).toBe(row.app);
    },
  );
});
