import { setupListeners } from '@reduxjs/toolkit/query';
import './mantine-styles.ts';
import { lazy, StrictMode, Suspense, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import type { i18n as I18n } from 'i18next';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { createAnalytics } from '../analytics/analytics.ts';
import type { Analytics } from '../analytics/analytics.ts';
import { ANALYTICS_KEY_ENV } from '../analytics/analytics.ts';
import { createConsentStore } from '../analytics/consent.ts';
import { askedConsentCategories } from '../analytics/consent-categories.ts';
import { createConsentGatedSink } from '../analytics/consent-gated-sink.ts';
import type { ChoosableCategory, ConsentStore } from '../analytics/consent.ts';
import { ConsentContext } from '../analytics/consent-context.ts';
import type { ConsentControls } from '../analytics/consent-context.ts';
import { followConsent } from '../analytics/third-party-scripts.ts';
import { startGatewayClient } from '../api/start-gateway-client.ts';
import { analyticsCollectorUrl, envOverride } from '../api/service-path.ts';
import { createSessionService } from '../auth/session-service.ts';
import { listenForExpiry } from '../auth/expiry-listener.ts';
import { followOtherTabs } from '../auth/tab-sync-listener.ts';
import type { SessionService } from '../auth/session-service.ts';
import type { Tracker } from '../plugin-host/tracker.ts';
import { createSelectedEntityStore } from '../session/selected-entity-storage.ts';
import { browserStorage } from '../session/safe-storage.ts';
import { selectConditionContext } from '../plugin-host/condition-context.ts';
import { createI18n } from '../i18n/i18n.ts';
import { ManifestError } from '../../kernel/manifest/problems.ts';
import { createPluginRegistry } from '../plugin-host/registry.ts';
import { createRuntime } from '../plugin-host/create-runtime.ts';
import { PortalRouter } from '../routing/portal-router.tsx';
import { PortalLayout } from '../shell/layouts.tsx';
import { HomeGrid } from '../grid/home-grid.tsx';
import type { PortalRuntime } from '../plugin-host/runtime.tsx';
import { makeStore } from '../store/store.ts';
import type { AppStore } from '../store/store.ts';
import { PortalProviders } from './portal-providers.tsx';
import { warmUpFirstRoute, warmUpHomeWidgets } from './warm-up.ts';

// Its own chunk, fetched only when the banner shows: the login page's JS does not carry it.
const ConsentBanner = lazy(() => import('../shell/consent-banner.tsx'));

export type CreatePortalOptions = {
  /** Build-time environment (import.meta.env): feature flags, URLs, log level. */
  env?: Readonly<Record<string, unknown>>;
  /**
   * The manifest has been checked against this build's plugins already: the built-in one (`npm run
   * validate`, which `npm run check` runs, checks it against the same plugin list) or a publication
   * validated at this load. Then the start does not load the check.
   */
  checkedAgainstPlugins?: boolean;
};

/** What the portal runs on, which the app hands to its page and to the code that starts it. */
type PortalParts = {
  runtime: PortalRuntime;
  store: AppStore;
  i18n: I18n;
  session: SessionService;
  analytics: Analytics;
};

export type PortalApp = PortalParts & {
  /** Settles once the stored session has been checked (status no longer 'unknown'). */
  ready: Promise<void>;
  mount(container: HTMLElement): Root;
};

/**
 * The runtime entry: checks the manifest against the plugins, reads flags, sets up translations and the
 * store, and returns an app ready to mount. A bad manifest or plugin throws here, naming the problem.
 */
export async function createPortal(
  manifest: unknown,
  plugins: readonly unknown[],
  options: CreatePortalOptions = {},
): Promise<PortalApp> {
  const env = options.env ?? {};
  const registry = createPluginRegistry(plugins);
  const config = await checkedManifest(
    manifest,
    registry.known,
    env.DEV === true ? 'full' : options.checkedAgainstPlugins === true ? 'none' : 'plugins',
  );
  const runtime = createRuntime(config, registry, env);
  const { flags, logger } = runtime;
  const firstNamespaces =
    typeof window === 'undefined'
      ? []
      : warmUpFirstRoute(runtime, window.location.pathname, browserStorage('local') ?? undefined);
  // The environment overrides the manifest's gateway URLs (e2e and preview builds point elsewhere).
  const gatewayBaseUrl = envOverride(env, config.gateway.baseUrlEnv, config.gateway.baseUrl);
  const { tokenStore, gateway } = startGatewayClient({
    gatewayBaseUrl,
    dataServiceBaseUrl: envOverride(env, config.gateway.dataServiceUrlEnv, config.gateway.dataServiceUrl),
    session: config.session,
    logger,
    services: config.gateway.services,
    ...(config.gateway.requestTimeoutMs === undefined
      ? {}
      : { requestTimeoutMs: config.gateway.requestTimeoutMs }),
  });
  const store = makeStore({ extra: { gateway } });
  // Online/offline and focus events reach RTK Query: queries on screen are asked again when back online.
  setupListeners(store.dispatch);
  const selectedEntityStore = createSelectedEntityStore({ key: config.session.selectedEntityKey, logger });
  const consent = createConsentStore(browserStorage('local'), logger);
  const analyticsScript = config.thirdPartyScripts.find((script) => script.name === 'analytics');
  const collectorUrl = analyticsCollectorUrl(config.gateway, env);
  const analytics = createAnalytics({
    enabled: flags['analytics'] === true,
    apiKey: env[ANALYTICS_KEY_ENV],
    trackingEvents: config.trackingEvents,
    logger,
    ...(analyticsScript?.options === undefined ? {} : { scriptOptions: analyticsScript.options }),
    // The collector's sink is its own chunk, loaded once the person accepts analytics.
    ...(collectorUrl === undefined
      ? {}
      : {
          sink: createConsentGatedSink({
            consent,
            logger,
            load: () =>
              import('../analytics/collector-sink.ts').then((module) =>
                module.createCollectorSink({
                  url: collectorUrl,
                  logger,
                  sessionToken: () => tokenStore.get(),
                }),
              ),
          }),
        }),
  });
  // Set up once the session has started resuming (below); an entity is selected only after that.
  const later: { i18n?: Promise<I18n> } = {};
  const onSignedOut = () => {
    analytics.reset();
  };
  // Before the session starts resuming: its end, by expiry or in another tab, is the listeners'.
  listenForExpiry({
    store,
    tokenStore,
    selectedEntityStore,
    logger,
    onSignedOut,
    schedule: (callback, ms) => window.setTimeout(callback, ms),
    cancel: (handle) => {
      window.clearTimeout(handle as number);
    },
    now: () => tokenStore.now(),
  });
  followOtherTabs({ store, tokenStore, logger, onSignedOut });
  const session = createSessionService({
    store,
    config,
    flags,
    logger,
    tokenStore,
    selectedEntityStore,
    env,
    onSignedIn: (user) => {
      analytics.identify(user);
    },
    onSignedOut,
    beforeEntitySelected: (next) =>
      typeof window === 'undefined'
        ? undefined
        : later.i18n?.then((i18n) => warmUpHomeWidgets(runtime, i18n, next, window.location.pathname)),
  });
  // Not awaited: the page mounts at once and the router waits while the status is 'unknown'. Started
  // before the translations are set up, which the user context's calls do not need.
  const ready = session.bootstrap();
  later.i18n = createI18n(config.app, browserStorage('local') ?? undefined);
  const i18n = await later.i18n;
  // The first page's strings are in i18next before it renders (only fetched so far), so it does not
  // suspend on them once more.
  i18n.loadNamespaces(firstNamespaces).catch(() => {
    // The page's own load reports it.
  });
  // After the first paint, never blocking it; a failing script is logged and changes nothing else. Each
  // change of consent adds the scripts of the categories accepted and removes those withdrawn.
  void ready.then(() =>
    followConsent({
      scripts: config.thirdPartyScripts,
      context: () => selectConditionContext(store.getState(), config, flags),
      consent,
      logger,
    }),
  );
  const consentCategories = askedConsentCategories(
    config,
    analytics.enabled && collectorUrl !== undefined,
    selectConditionContext(store.getState(), config, flags),
  );

  const parts: PortalParts = { runtime, store, i18n, session, analytics };
  return {
    ...parts,
    ready,
    mount(container) {
      const root = createRoot(container);
      root.render(<PortalRoot {...parts} consent={consent} consentCategories={consentCategories} />);
      return root;
    },
  };
}

/**
 * The manifest as a config, checked as far as this start needs: `full` (development) the schema and the
 * plugins, `plugins` only the plugin list (the build checked the schema), `none` when both were checked.
 */
async function checkedManifest(
  manifest: unknown,
  known: ReturnType<typeof createPluginRegistry>['known'],
  check: 'full' | 'plugins' | 'none',
) {
  if (check === 'full') {
    // Development only: the whole schema check, with the precompiled validator in its own chunk.
    const { validateManifest } = await import('../../kernel/manifest/validate.ts');
    const result = validateManifest(manifest, known);
    if (!result.ok) throw new ManifestError('portal.config.json', result.problems);
    return result.config;
  }
  // The build already checked the schema (vite-manifest-plugin); what it cannot know is the plugin list.
  const config = manifest as PortalConfig;
  if (check === 'none') return config;
  // Its own chunk: only a start on a publication cached by an earlier build needs it.
  const { lintManifest } = await import('../../kernel/manifest/lint.ts');
  const problems = lintManifest(config, known);
  if (problems.length > 0) throw new ManifestError('portal.config.json', problems);
  return config;
}

function PortalRoot({
  runtime,
  store,
  i18n,
  session,
  analytics,
  consent,
  consentCategories,
}: PortalParts & {
  consent: ConsentStore;
  consentCategories: readonly ChoosableCategory[];
}) {
  // The banner shows on the first visit until the person chooses, and again from the user menu.
  const [consentPanel, setConsentPanel] = useState(
    () => consentCategories.length > 0 && !consent.get().decided,
  );
  const consentControls = useMemo<ConsentControls | null>(
    () =>
      consentCategories.length === 0
        ? null
        : { store: consent, categories: consentCategories, open: () => setConsentPanel(true) },
    [consent, consentCategories],
  );
  const tracker = useMemo<Tracker>(
    () => ({ track: (event, properties) => analytics.track(event, properties) }),
    [analytics],
  );
  return (
    <StrictMode>
      <PortalProviders store={store} runtime={runtime} i18n={i18n} session={session} tracker={tracker}>
        <ConsentContext value={consentControls}>
          <PortalRouter layout={PortalLayout} homeGrid={HomeGrid} />
          {consentControls !== null && consentPanel ? (
            <Suspense fallback={null}>
              <ConsentBanner controls={consentControls} onDone={() => setConsentPanel(false)} />
            </Suspense>
          ) : null}
        </ConsentContext>
      </PortalProviders>
    </StrictMode>
  );
}
