/*
 * The light sign-in app: the login page alone, for someone without a live session (src/app/entry-choice.ts).
 * The same page component as in the portal, with the providers it needs and nothing else: no store, no
 * router, no shell. The sign-in itself is the portal's: on submit the portal is prepared (its code loads
 * then, not before) and its session service signs in exactly as it does from its own login page; leaving
 * the login route (the landing page after sign-in, a link) mounts the portal on the same root, at that
 * address, without a reload.
 */
import './mantine-styles.ts';
import { lazy, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { MouseEvent } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { envOverride } from '../api/service-path.ts';
import type { ChoosableCategory, ConsentStore } from '../analytics/consent.ts';
import { followConsent } from '../analytics/third-party-scripts.ts';
import { fetchLoginChoice } from '../auth/login-choice.ts';
import type { ConditionContext } from '../../kernel/conditions/evaluate.ts';
import type { SignIn, SignInActions } from '../auth/sign-in-context.tsx';
import { singleSignOnOn, singleSignOnSettings } from '../auth/single-sign-on-settings.ts';
import { createI18n, preloadTranslations } from '../i18n/i18n.ts';
import { indexRoutes } from '../manifest/route-index.ts';
import { translateKey } from '../routing/translate-key.ts';
import { createRuntime } from '../plugin-host/create-runtime.ts';
import type { PageLinkProps, PageLocation, PageTo } from '../plugin-host/page-location.ts';
import { createPluginRegistry } from '../plugin-host/registry.ts';
import { browserStorage } from '../session/safe-storage.ts';
import type { PortalApp } from './create-portal.tsx';
import { plugins } from './plugins.ts';
import { PRERENDER_ATTRIBUTE, discardPrerender, dropPrerenderedBanner } from './prerender-decision.ts';
import { appAt, signInPrerender } from './sign-in-start.ts';
import type { PrerenderDecision } from './start-table.ts';
import { LazyConsentBanner, SignInTree, hrefOf, loadConsentBanner } from './sign-in-tree.tsx';
import type { SignInTreeProps } from './sign-in-tree.tsx';

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

type SignInAppOptions = {
  /** The consent tool on this page: its store, the categories it asks about, the anonymous facts. */
  consent: { store: ConsentStore; categories: readonly ChoosableCategory[]; context: ConditionContext };
  config: PortalConfig;
  env: Readonly<Record<string, unknown>>;
  /** Whether the stored token expired ('Session expirée' is due, as the portal's start would say). */
  expired: boolean;
  /** The portal, prepared and not mounted (the entry imports its code only when this is called). */
  loadPortal: () => Promise<PortalApp>;
  /** What could not start (the portal's code did not load). */
  onError: (error: unknown) => void;
  /**
   * The root holds the build's pre-rendered login page (src/app/prerender-decision.ts), with the consent
   * banner shown or hidden until removed: hydrate it rather than draw it again, unless what only this app
   * knows differs from what the page's script saw.
   */
  hydrate?: { decision: Exclude<PrerenderDecision, 'off'> } | undefined;
};

export async function startSignIn(container: HTMLElement, options: SignInAppOptions): Promise<void> {
  const { config, env } = options;
  const login = indexRoutes(config).get(config.routing.loginRoute);
  const registry = createPluginRegistry(plugins);
  const page = login?.route.page === undefined ? undefined : registry.page(login.route.page);
  if (login === undefined || page === undefined)
    throw new Error('The login route has no page of the auth plugin');
  const storage = browserStorage('local') ?? undefined;
  // The page's code and strings start downloading now, while i18next sets up.
  const Page = lazy(page.component);
  void page.component();
  preloadTranslations(config.app, storage, 'auth');
  const { consent } = options;
  const markupBanner = consent.categories.length > 0;
  const bannerDue = markupBanner && !consent.store.get().decided;
  if (bannerDue) {
    void loadConsentBanner();
    preloadTranslations(config.app, storage, 'consent');
  }
  const runtime = createRuntime(config, registry, env);
  const i18n = await createI18n(config.app, storage);
  document.title = translateKey(i18n.t, login.meta.title ?? config.app.defaultTitle);

  let prepared: Promise<PortalApp> | undefined;
  const portal = () =>
    (prepared ??= options.loadPortal().then(
      async (app) => {
        await app.ready;
        return app;
      },
      (error: unknown) => {
        // Asked again at the next attempt (a chunk that did not come may come then).
        prepared = undefined;
        throw error;
      },
    ));
  const prerender = signInPrerender({
    language: i18n.language,
    defaultLocale: config.app.defaultLocale,
    banner: markupBanner,
    decided: consent.store.get().decided,
  });
  const hydrate = options.hydrate?.decision === prerender;
  if (options.hydrate !== undefined && !hydrate) {
    runtime.logger.warn('The pre-rendered login page does not match this visit: drawn again');
    discardPrerender(document.documentElement, container);
  }
  // Hydrating, everything the markup shows is loaded first, not lazy: a part still loading would stay
  // server HTML until later, and an update meanwhile would have React draw it again, emptying what the
  // person typed. A banner already chosen leaves the markup instead (nothing of it is loaded).
  let shown: Pick<SignInTreeProps, 'Page' | 'Banner'> = { Page, Banner: LazyConsentBanner };
  if (hydrate) {
    if (!bannerDue) dropPrerenderedBanner(container);
    const [pageModule, bannerModule] = await Promise.all([
      page.component(),
      bannerDue ? loadConsentBanner() : undefined,
      i18n.loadNamespaces(bannerDue ? ['auth', 'consent'] : ['auth']),
    ]);
    shown = { Page: pageModule.default, Banner: bannerModule?.default ?? LazyConsentBanner };
  }
  let handedOver = false;
  // The login page stays on screen until the portal's code is in: it says the page is on its way.
  const leavingListeners = new Set<() => void>();
  const subscribeLeaving = (listener: () => void) => {
    leavingListeners.add(listener);
    return () => leavingListeners.delete(listener);
  };
  const readLeaving = () => handedOver;
  /** The address left the login route: the portal takes the page from here, at that address. */
  function handOver(): void {
    if (handedOver) return;
    handedOver = true;
    for (const listener of leavingListeners) listener();
    stopConsent();
    window.removeEventListener('popstate', changed);
    portal().then(
      (app) => {
        root.unmount();
        app.mount(container);
      },
      (error: unknown) => {
        options.onError(error);
      },
    );
  }

  // The address bar over the History API: the login route's query changes here, anything else hands over.
  const listeners = new Set<() => void>();
  const changed = () => {
    if (appAt(window.location.pathname, login.pattern) === 'portal') handOver();
    else for (const listener of listeners) listener();
  };
  window.addEventListener('popstate', changed);
  function navigate(to: PageTo, navigation?: { replace?: boolean }): void {
    if (navigation?.replace === true) window.history.replaceState(null, '', hrefOf(to));
    else window.history.pushState(null, '', hrefOf(to));
    changed();
  }
  function Link({ to, onClick, ...rest }: PageLinkProps) {
    const follow = (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
      if (event.defaultPrevented || event.button !== 0 || modified || rest.target === '_blank') return;
      event.preventDefault();
      navigate(to);
    };
    return <a {...rest} href={hrefOf(to)} onClick={follow} />;
  }
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  const gatewayBaseUrl = envOverride(env, config.gateway.baseUrlEnv, config.gateway.baseUrl);
  const actions: SignInActions = {
    chooseLoginPage: () =>
      fetchLoginChoice({
        gatewayBaseUrl,
        timeoutMs: config.gateway.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
        logger: runtime.logger,
      }),
    singleSignOnAvailable: () =>
      singleSignOnOn(config, runtime.flags) &&
      singleSignOnSettings(config, env, window.location.origin) !== null,
    // The portal's session service signs in, as from the portal's own login page.
    async signInCustomer(credentials, redirect) {
      try {
        return await (await portal()).session.signInCustomer(credentials, redirect);
      } catch (error) {
        runtime.logger.error('The portal could not be prepared for the sign-in', error);
        return { ok: false, reason: 'unavailable' };
      }
    },
    // The collaborators' entry on this page leaves for the identity provider at once.
    async startCollaboratorSignIn(redirect) {
      try {
        return await (await portal()).session.startCollaboratorSignIn(redirect);
      } catch (error) {
        runtime.logger.error('The portal could not be prepared for the collaborator sign-in', error);
        return { ok: false, reason: 'unavailable' };
      }
    },
    async startCustomerSingleSignOn(redirect) {
      try {
        return await (await portal()).session.startCustomerSingleSignOn(redirect);
      } catch (error) {
        runtime.logger.error('The portal could not be prepared for the single sign-on', error);
        return { ok: false, reason: 'unavailable' };
      }
    },
  };

  // Read on hydration too: the query the prerender assumed may differ only in what does not change it.
  const readSearch = () => window.location.search;
  function SignInRoot() {
    const search = useSyncExternalStore(subscribe, readSearch, readSearch);
    const leaving = useSyncExternalStore(subscribeLeaving, readLeaving, readLeaving);
    const [expired, setExpired] = useState(options.expired);
    const [banner, setBanner] = useState(bannerDue);
    useLayoutEffect(() => {
      // Hydrated: the page's rules (src/app/prerender-decision.ts) have done their part and must not
      // touch the portal's banner later.
      if (hydrate) document.documentElement.removeAttribute(PRERENDER_ATTRIBUTE);
    }, []);
    const consentControls = useMemo(
      () => ({ store: consent.store, categories: consent.categories, open: () => setBanner(true) }),
      [],
    );
    const location = useMemo<PageLocation>(
      () => ({
        searchParams: new URLSearchParams(search),
        setSearchParams: (next, navigation) => {
          navigate({ pathname: login?.pattern ?? '/', search: next.toString() }, navigation);
        },
        navigate,
        Link,
      }),
      [search],
    );
    const signIn = useMemo<SignIn>(
      () => ({ actions, expiredNotice: { expired, dismiss: () => setExpired(false) } }),
      [expired],
    );
    return (
      <SignInTree
        runtime={runtime}
        i18n={i18n}
        Page={shown.Page}
        Banner={shown.Banner}
        signIn={signIn}
        location={location}
        banner={banner ? { controls: consentControls, onDone: () => setBanner(false) } : null}
        leaving={leaving}
      />
    );
  }
  const root = hydrate ? hydrateRoot(container, <SignInRoot />) : createRoot(container);
  if (!hydrate) root.render(<SignInRoot />);
  // As in the portal: the accepted third-party scripts, again at each change of consent, until the portal
  // (which follows the same choice) takes over.
  const stopConsent = followConsent({
    scripts: config.thirdPartyScripts,
    context: () => consent.context,
    consent: consent.store,
    logger: runtime.logger,
  });
}
