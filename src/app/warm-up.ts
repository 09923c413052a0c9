import { matchRoutes } from 'react-router';
import { indexRoutes } from '../manifest/route-index.ts';
import { preloadTranslations } from '../i18n/i18n.ts';
import { buildPortalRoutes } from '../routing/route-tree.tsx';
import type { PortalRuntime } from '../runtime/runtime.tsx';

/**
 * The first route's code and translations, asked for as soon as the entry runs: its page chunk, its
 * plugin's namespace (the signed-in shell comes with the portal's first chunk). Otherwise each waits on the one before
 * (translations of the engine, then the router, then the page, then the page's translations), one round
 * trip at a time. What a later step imports again comes from the browser's module map.
 */
export function warmUpFirstRoute(
  runtime: PortalRuntime,
  pathname: string,
  storage: Pick<Storage, 'getItem'> | undefined,
): void {
  const routes = indexRoutes(runtime.config);
  const ignore = () => {
    // The router's own load of the same module reports a failure, inside the page.
  };
  for (const match of matchRoutes(buildPortalRoutes(runtime), pathname) ?? []) {
    const indexed = routes.get(match.route.id ?? '');
    if (indexed === undefined) continue;
    const { page } = indexed.route;
    if (page === undefined) continue;
    runtime.registry.page(page)?.component().catch(ignore);
    preloadTranslations(runtime.config.app, storage, page.split('/')[0] ?? 'common');
  }
}
