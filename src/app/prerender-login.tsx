/*
 * The login page as HTML, at build time (scripts/vite-prerender-login.ts builds this module for Node and
 * runs it; the browser never loads it, nor react-dom/server): the sign-in app's first screen of a first
 * visit, with the built-in manifest, the default language and the consent banner, which the sign-in app
 * then hydrates (src/app/sign-in-app.tsx). The facts it assumed go to the page's inline script
 * (src/app/prerender-decision.ts), which keeps the markup only for a visit that matches them.
 */
import { prerender } from 'react-dom/static';
import builtInManifest from '../../portal.config.json';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { CONSENT_STORAGE_KEY } from '../analytics/consent.ts';
import { singleSignOnOn, singleSignOnSettings } from '../auth/single-sign-on-settings.ts';
import { analyticsCollectorUrl } from '../api/service-path.ts';
import { LANGUAGE_STORAGE_KEY, createI18n } from '../i18n/i18n.ts';
import { indexRoutes } from '../manifest/route-index.ts';
import { brandingMarkup } from '../../kernel/manifest/page-branding.ts';
import { LAST_GOOD_MANIFEST_KEY } from '../manifest/runtime-manifest.ts';
import { translateKey } from '../routing/translate-key.ts';
import { createRuntime } from '../plugin-host/create-runtime.ts';
import type { PageLinkProps, PageLocation } from '../plugin-host/page-location.ts';
import { createPluginRegistry } from '../plugin-host/registry.ts';
import { plugins } from './plugins.ts';
import type { PrerenderFacts } from './prerender-decision.ts';
import { signInConsent } from './sign-in-consent.ts';
import { SignInTree, hrefOf, loadConsentBanner } from './sign-in-tree.tsx';

export type PrerenderedLogin = {
  /** The markup of the root element. */
  html: string;
  /** The document's title, as the sign-in app sets it. */
  title: string;
  facts: PrerenderFacts;
};

// Never called while rendering to HTML (they are the person's actions); there for the types.
const nothing = () => new Promise<never>(() => undefined);

function Link({ to, ...rest }: PageLinkProps) {
  return <a {...rest} href={hrefOf(to)} />;
}

export async function prerenderLogin(): Promise<PrerenderedLogin> {
  const config = builtInManifest as PortalConfig;
  const env: Readonly<Record<string, unknown>> = import.meta.env;
  const login = indexRoutes(config).get(config.routing.loginRoute);
  const registry = createPluginRegistry(plugins);
  const page = login?.route.page === undefined ? undefined : registry.page(login.route.page);
  if (login === undefined || page === undefined)
    throw new Error('The login route has no page of the auth plugin');
  const runtime = createRuntime(config, registry, env);
  const collectorUrl = analyticsCollectorUrl(config.gateway, env);
  const consent = signInConsent(config, runtime.flags, collectorUrl !== undefined, null);
  const banner = consent.categories.length > 0;
  const i18n = await createI18n(config.app, undefined);
  // Everything loaded before rendering: nothing may suspend (see SignInTree's Page).
  const [{ default: Page }, { default: Banner }] = await Promise.all([
    page.component(),
    loadConsentBanner(),
    i18n.loadNamespaces(['auth', 'consent']),
  ]);
  const location: PageLocation = {
    searchParams: new URLSearchParams(),
    setSearchParams: () => undefined,
    navigate: () => undefined,
    Link,
  };
  const { prelude } = await prerender(
    <SignInTree
      runtime={runtime}
      i18n={i18n}
      Page={Page}
      Banner={Banner}
      signIn={{
        actions: {
          chooseLoginPage: nothing,
          signInCustomer: nothing,
          startCustomerSingleSignOn: nothing,
          startCollaboratorSignIn: nothing,
          // The single sign-on button's presence does not depend on the origin, only on its settings.
          singleSignOnAvailable: () =>
            singleSignOnOn(config, runtime.flags) &&
            singleSignOnSettings(config, env, 'https://portal.invalid') !== null,
        },
        expiredNotice: { expired: false, dismiss: () => undefined },
      }}
      location={location}
      banner={
        banner
          ? {
              controls: { store: consent.store, categories: consent.categories, open: () => undefined },
              onDone: () => undefined,
            }
          : null
      }
    />,
    // One document, never outlined in parts that React's inline script would put in place (blocked by CSP).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  // A boundary sent apart (still loading, or outlined) comes with React's inline script, blocked by the CSP.
  if (html.includes('<script')) throw new Error('The pre-rendered login page needs an inline script');
  return {
    html,
    title: translateKey(i18n.t, login.meta.title ?? config.app.defaultTitle),
    facts: {
      // The login route has no parameter: its pattern is its path.
      loginPath: login.pattern,
      tokenStorage: config.session.storage,
      tokenKey: config.session.tokenKey,
      languageKey: LANGUAGE_STORAGE_KEY,
      defaultLocale: config.app.defaultLocale,
      locales: config.app.locales,
      consentKey: banner ? CONSENT_STORAGE_KEY : null,
      manifestKey: LAST_GOOD_MANIFEST_KEY,
      brandingMarkup: brandingMarkup(config.branding),
      // The choice of login page: the pre-rendered client login stays on screen while it is asked.
      neutralParams: ['choice'],
    },
  };
}
