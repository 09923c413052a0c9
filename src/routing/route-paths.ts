import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import type { Logger } from '../logging/logger.ts';
import { buildPath, indexRoutes } from '../manifest/route-index.ts';

export type RouteParams = Readonly<Record<string, string | number | undefined>>;

/** `routing.<key>` of the manifest is always a route name; this is its path with no parameters. */
export function routingPath(config: PortalConfig, key: keyof PortalConfig['routing']): string {
  const name = config.routing[key];
  const indexed = typeof name === 'string' ? indexRoutes(config).get(name) : undefined;
  return indexed?.pattern ?? '/';
}

/**
 * The path of a named route. SPEC 8: a route missing in registration is logged; the caller gets the 404
 * path rather than a broken link, and a missing parameter is logged the same way.
 */
export function pathTo(
  config: PortalConfig,
  logger: Pick<Logger, 'error'>,
  name: string,
  params: RouteParams = {},
): string {
  const indexed = indexRoutes(config).get(name);
  if (indexed === undefined) {
    logger.error(`Route "${name}" is not registered`);
    return routingPath(config, 'notFoundRoute');
  }
  try {
    return buildPath(indexed.pattern, params);
  } catch (error) {
    logger.error(`Cannot build the path of route "${name}"`, error);
    return routingPath(config, 'notFoundRoute');
  }
}

/** Does this route's path need a parameter (e.g. `:entityId`)? */
export function routeNeedsParam(config: PortalConfig, name: string, param: string): boolean {
  return indexRoutes(config).get(name)?.pattern.includes(`:${param}`) ?? false;
}
