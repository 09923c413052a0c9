import builtInManifest from '../../portal.config.json';
import { analyticsCollectorUrl, envOverride, serviceUrl } from '../api/service-path.ts';
import { fetchPublishedManifest } from '../manifest/runtime-manifest.ts';
import type { PublishedAnswer } from '../manifest/runtime-manifest.ts';
import { lastGoodOrBuiltIn } from '../manifest/runtime-manifest.ts';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { readFeatureFlags } from '../manifest/flags.ts';
import { browserStorage } from '../session/safe-storage.ts';
import { storedToken } from '../session/token-storage.ts';
import { entryApp, entryPrerender } from './entry-choice.ts';
import { discardPrerender, prerenderDecision } from './prerender-decision.ts';
import { brandingRedraws, pageBranding, withPageBranding } from './page-branding.ts';
import { signInConsent } from './sign-in-consent.ts';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const env: Readonly<Record<string, unknown>> = import.meta.env;

/** The published manifest's address: the gateway's studio service (index.html preloads it). */
function publishedUrl(): string | undefined {
  const { baseUrlEnv, baseUrl, services } = builtInManifest.gateway;
  const studio: string | undefined = 'studio' in services ? services.studio : undefined;
  return serviceUrl(envOverride(env, baseUrlEnv, baseUrl), studio, 'manifest/published');
}

/**
 * The entry is small on purpose: it asks for the published manifest and for the portal's code at the
 * same time, so the manifest is never a step of its own before the first paint. The answer is used at
 * this load only if it came with the code (see start-portal.tsx); otherwise at the next one.
 */
function askPublished(): { promise: Promise<PublishedAnswer>; arrived: () => boolean } | undefined {
  const url = publishedUrl();
  if (url === undefined) return undefined;
  const etag = env['VITE_BUILTIN_MANIFEST_ETAG'];
  let arrived = false;
  const promise = fetchPublishedManifest({
    url,
    builtInEtag: typeof etag === 'string' ? etag : undefined,
    // Only how long the background check may take: nobody waits on it.
    timeoutMs: 10_000,
  }).then((result) => {
    arrived = true;
    return result;
  });
  return { promise, arrived: () => arrived };
}

const published = askPublished();
/** The published manifest as the portal's start sees it: arrived by now, or still on its way. */
const publishedNow = () =>
  published && {
    state: published.arrived() ? ('arrived' as const) : ('pending' as const),
    promise: published.promise,
    lastGood: runtimeManifest,
  };

function showFailure(error: unknown): void {
  // Before React runs there is no translated UI: show the developer-facing reason plainly.
  const pre = document.createElement('pre');
  pre.setAttribute('role', 'alert');
  pre.textContent = error instanceof Error ? error.message : String(error);
  container?.replaceChildren(pre);
  console.error(error);
}

// The manifest this load starts on (the last good publication, else the built-in one), as the portal's, in
// the published branding the server included in the page (a browser that never signed in has no other).
const served = pageBranding(document);
const runtimeManifest = withPageBranding(
  lastGoodOrBuiltIn(builtInManifest, browserStorage('local') ?? undefined),
  served,
);
const config = runtimeManifest.manifest as PortalConfig;
const flags = readFeatureFlags(config, env);
const { storage, tokenKey } = config.session;
const collectorUrl = analyticsCollectorUrl(config.gateway, env);
const token = storedToken({ kind: storage, key: tokenKey });
const app = entryApp({ pathname: window.location.pathname, config, token });

// The login page may come pre-rendered (src/app/prerender-decision.ts): its inline script has decided
// before the first paint; what it could not see (the manifest actually in use) is checked here.
const html = document.documentElement;
const prerendered = prerenderDecision(html);
const hydrate =
  prerendered !== undefined &&
  prerendered !== 'off' &&
  entryPrerender({
    pathname: window.location.pathname,
    config,
    token,
    // A branding that draws other text than the markup's: another page, as a published manifest's.
    manifest: brandingRedraws(builtInManifest.branding, served) ? 'published' : runtimeManifest.source,
  }) !== 'off'
    ? { decision: prerendered }
    : undefined;
if (prerendered !== undefined && hydrate === undefined) discardPrerender(html, container);

if (app === 'sign-in') {
  // The login page alone; the portal's code is asked for only at sign-in or on leaving the page.
  import('./sign-in-app.tsx')
    .then(({ startSignIn }) =>
      startSignIn(container, {
        config,
        env,
        expired: token === 'inactive',
        consent: signInConsent(config, flags, collectorUrl !== undefined, browserStorage('local')),
        hydrate,
        loadPortal: () =>
          import('./start-portal.tsx').then(({ preparePortal }) => preparePortal(env, publishedNow())),
        onError: showFailure,
      }),
    )
    .catch(showFailure);
} else {
  import('./start-portal.tsx')
    .then(({ startPortal }) => startPortal(container, env, publishedNow()))
    .catch(showFailure);
}
