import builtInManifest from '../../portal.config.json';
import { envOverride, serviceUrl } from '../api/service-path.ts';
import { fetchPublishedManifest } from '../manifest/runtime-manifest.ts';
import type { PublishedAnswer } from '../manifest/runtime-manifest.ts';

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

import('./start-portal.tsx')
  .then(({ startPortal }) =>
    startPortal(
      container,
      env,
      published && { state: published.arrived() ? 'arrived' : 'pending', promise: published.promise },
    ),
  )
  .catch((error: unknown) => {
    // Before React runs there is no translated UI: show the developer-facing reason plainly.
    const pre = document.createElement('pre');
    pre.setAttribute('role', 'alert');
    pre.textContent = error instanceof Error ? error.message : String(error);
    container.replaceChildren(pre);
    console.error(error);
  });
