/*
 * The path of a route, in four words (the engine's vocabulary; src/routing, src/shell and the plugin host
 * use it):
 * - `route.path` (the manifest's own field, kernel/schemas): one route's segment, relative to its parent,
 *   e.g. `accueil`.
 * - `pattern`: a route's absolute template with its `:params`, e.g. `/dossier/:entityId/accueil`
 *   (IndexedRoute.pattern; buildPath fills it).
 * - `path`: a resolved path, parameters filled, no query, e.g. `/dossier/1001/accueil` (pathOf, pathTo,
 *   routingPath, loginPath). `pathname` is the same thing as the browser's location and react-router's
 *   `To` name it, and is kept only where one of them is read or written.
 * - `href`: a path with its query (and hash), what a link points to, e.g. `/login?redirect=%2F`
 *   (NavEntry.href, hrefOf). A navigation target that may be either is `to`, as react-router calls it.
 */
import type { AnyRouteConfig, PortalConfig, RouteMeta } from '../../kernel/schemas/portal-config.ts';

/** A route of the manifest with what it inherits from its ancestors, reachable by name. */
export type IndexedRoute = {
  route: AnyRouteConfig;
  /** The absolute template, e.g. `/dossier/:entityId/accueil`. */
  pattern: string;
  /** Layout of the nearest route that sets one. */
  layout: NonNullable<AnyRouteConfig['layout']>;
  /** The route's own meta merged over its ancestors' (nearest wins), except permission and when rules. */
  meta: RouteMeta;
  /** Ancestors first, this route last: every one's access rules apply. */
  chain: readonly AnyRouteConfig[];
};

export type RouteIndex = ReadonlyMap<string, IndexedRoute>;

const indexCache = new WeakMap<PortalConfig, RouteIndex>();

/** Every route by name, computed once per manifest object. */
export function indexRoutes(config: PortalConfig): RouteIndex {
  const cached = indexCache.get(config);
  if (cached !== undefined) return cached;
  const index = new Map<string, IndexedRoute>();
  const visit = (
    routes: readonly AnyRouteConfig[],
    parentPattern: string,
    parentLayout: IndexedRoute['layout'],
    parentMeta: RouteMeta,
    chain: readonly AnyRouteConfig[],
  ): void => {
    for (const route of routes) {
      const pattern = joinPaths(parentPattern, route.path);
      const layout = route.layout ?? parentLayout;
      const meta = { ...parentMeta, ...route.meta };
      const here = [...chain, route];
      index.set(route.name, { route, pattern, layout, meta, chain: here });
      visit(route.children ?? [], pattern, layout, meta, here);
    }
  };
  visit(config.routes, '', 'empty', {}, []);
  indexCache.set(config, index);
  return index;
}

function joinPaths(parent: string, child: string | undefined): string {
  if (child === undefined || child === '') return parent === '' ? '/' : parent;
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

/** Fills `:param` segments; a missing parameter is an error rather than a broken link. */
export function buildPath(
  pattern: string,
  params: Readonly<Record<string, string | number | undefined>>,
): string {
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter "${name}" for ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The path of a named route with its parameters filled, or undefined when the manifest has no such route
 * or a parameter is missing. Callers choose the fallback (and whether to log it).
 */
export function pathOf(
  config: PortalConfig,
  name: string,
  params: Readonly<Record<string, string | number | undefined>> = {},
): string | undefined {
  const indexed = indexRoutes(config).get(name);
  if (indexed === undefined) return undefined;
  try {
    return buildPath(indexed.pattern, params);
  } catch {
    return undefined;
  }
}
