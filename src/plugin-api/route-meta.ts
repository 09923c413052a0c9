import type { RouteMeta } from '../../kernel/schemas/portal-config.ts';
import { useCurrentRoute } from '../routing/current-route.ts';

/**
 * The manifest meta of the route that shows the page (its `gedContext`, title...), so one page can serve
 * several routes configured differently in the manifest rather than by code per route.
 *
 * @example
 * const kind = useRouteMeta().gedContext ?? 'legacy';
 */
export function useRouteMeta(): Readonly<RouteMeta> {
  return useCurrentRoute()?.indexed.meta ?? {};
}
