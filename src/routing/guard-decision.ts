import type { PortalConfig, RouteMeta } from '../../kernel/schemas/portal-config.ts';
import type { AuthStatus } from '../store/session-slice.ts';
import type { ConditionContext } from '../../kernel/conditions/evaluate.ts';
import type { FeatureFlags } from '../manifest/flags.ts';
import { resolveLanding, routeAccess } from '../manifest/navigation.ts';
import { pathOf } from '../manifest/route-index.ts';
import { routingPath } from './route-paths.ts';

/*
 * The guards of SPEC 2 and 4 as one pure decision, in order: maintenance, authentication, terms of use,
 * a collaborators' route for a customer (→ 404), entity, then the route's own access (feature flag → 404, permission or rule → landing). The entity is
 * loaded before the access check because entity-scoped permissions are those of the route's entity, not
 * of whichever entity was selected before. Every answer is data from the manifest; nothing here knows a
 * particular route.
 */

/** SPEC 5: the entityId parameter must be a number or numeric string. */
const NUMERIC_ID = /^\d+$/;

export type TermsCheck =
  { state: 'idle' } | { state: 'pending' } | { state: 'current' } | { state: 'required'; termsId: number };

export type EntityLoad = { id: number; state: 'loading' | 'failed' } | null;

export type GuardInput = {
  config: PortalConfig;
  flags: FeatureFlags;
  routeName: string;
  meta: RouteMeta;
  pathname: string;
  search: string;
  status: AuthStatus;
  /** A sign-out is under way: its calls settle before the user is sent anywhere. */
  signingOut: boolean;
  /** Where the last sign-out sends the user (the login page of their kind), once it is done. */
  signedOutTo: string | null;
  user: { isCustomer: boolean; hasAcceptedTerms: boolean } | null;
  terms: TermsCheck;
  entityParam: string | undefined;
  selectedEntityId: number | null;
  entityLoad: EntityLoad;
  context: ConditionContext;
};

export type GuardDecision =
  | { kind: 'render' }
  /** Not known yet (session, terms or entity loading): show nothing protected. */
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string; reason: string }
  | { kind: 'check-terms' }
  /** The gateway did not answer when the stored session was resumed: say so and offer a retry. */
  | { kind: 'unavailable' }
  | { kind: 'load-entity'; entityId: number };

export function isAnonymousOnly(meta: RouteMeta): boolean {
  return meta.allowAnonymous === true && meta.allowAuthenticated !== true;
}

export function isAuthenticatedOnly(meta: RouteMeta): boolean {
  return meta.allowAuthenticated === true && meta.allowAnonymous !== true;
}

export function decideGuard(input: GuardInput): GuardDecision {
  const { config, meta, routeName, pathname, search, status } = input;
  const here = pathname + search;

  if (meta.trailingSlashRedirect === true && pathname.length > 1 && pathname.endsWith('/')) {
    return { kind: 'redirect', to: pathname.replace(/\/+$/, '') + search, reason: 'trailing-slash' };
  }

  const maintenanceOn = input.flags[config.routing.maintenanceFlag] === true;
  const isMaintenancePage = routeName === config.routing.maintenanceRoute;
  if (maintenanceOn && !isMaintenancePage) {
    return { kind: 'redirect', to: routingPath(config, 'maintenanceRoute'), reason: 'maintenance' };
  }
  // Leaving maintenance is allowed only when the mode is off; then the page itself sends people home.
  if (!maintenanceOn && isMaintenancePage) return { kind: 'redirect', to: '/', reason: 'maintenance-over' };

  const anonymousOnly = isAnonymousOnly(meta);
  const authenticatedOnly = isAuthenticatedOnly(meta);
  // Whether the person is signed in cannot be known: only the pages open to everyone can show.
  if (status === 'unavailable' && !(meta.allowAnonymous === true && meta.allowAuthenticated === true)) {
    return { kind: 'unavailable' };
  }
  if ((anonymousOnly || authenticatedOnly) && status === 'unknown') return { kind: 'wait' };
  if (anonymousOnly && status === 'authenticated') {
    return { kind: 'redirect', to: '/', reason: 'anonymous-only' };
  }
  if (authenticatedOnly && input.signingOut) return { kind: 'wait' };
  if (authenticatedOnly && status !== 'authenticated' && input.signedOutTo !== null) {
    // Signed out from here: go where sign-out goes, without a redirect back to this page.
    return { kind: 'redirect', to: input.signedOutTo, reason: 'signed-out' };
  }
  if (authenticatedOnly && status !== 'authenticated') {
    const login = routingPath(config, 'loginRoute');
    const query =
      status === 'tokenWithoutAuth'
        ? new URLSearchParams({ sessionExpired: 'true', redirect: here })
        : new URLSearchParams({ redirect: here });
    return { kind: 'redirect', to: `${login}?${query.toString()}`, reason: 'authentication' };
  }

  const isTermsPage = routeName === config.routing.termsRoute;
  if (authenticatedOnly && !isTermsPage && input.user?.isCustomer === true && !input.user.hasAcceptedTerms) {
    if (input.terms.state === 'idle') return { kind: 'check-terms' };
    if (input.terms.state === 'pending') return { kind: 'wait' };
    if (input.terms.state === 'required') {
      const terms = pathOf(config, config.routing.termsRoute, { termsId: input.terms.termsId });
      // After accepting, the terms page continues to where the user was going.
      const query = new URLSearchParams({ redirect: here });
      return { kind: 'redirect', to: `${terms ?? '/'}?${query.toString()}`, reason: 'terms' };
    }
  }

  // A collaborators' route does not exist for a customer (route meta "route is collaborator", SPEC 2).
  if (meta.isCollaboratorRoute === true && status === 'authenticated' && input.user?.isCustomer === true) {
    return { kind: 'redirect', to: routingPath(config, 'notFoundRoute'), reason: 'collaborator-route' };
  }

  if (input.entityParam !== undefined) {
    if (!NUMERIC_ID.test(input.entityParam) || !Number.isSafeInteger(Number(input.entityParam))) {
      return { kind: 'redirect', to: routingPath(config, 'forbiddenRoute'), reason: 'entity-id' };
    }
    const entityId = Number(input.entityParam);
    if (entityId !== input.selectedEntityId) {
      if (input.entityLoad?.id === entityId) {
        return input.entityLoad.state === 'failed'
          ? { kind: 'redirect', to: routingPath(config, 'forbiddenRoute'), reason: 'entity-load' }
          : { kind: 'wait' };
      }
      return { kind: 'load-entity', entityId };
    }
  }

  const access = routeAccess(input.config, routeName, input.context);
  if (!access.allowed) {
    if (access.reason === 'flag' || access.reason === 'unknown-route') {
      return { kind: 'redirect', to: routingPath(config, 'notFoundRoute'), reason: access.reason };
    }
    // The landing itself closed to this user would loop: show 403 instead.
    const landing = resolveLanding(config, input.context);
    if (landing?.to === routeName) {
      return { kind: 'redirect', to: routingPath(config, 'forbiddenRoute'), reason: 'landing-closed' };
    }
    return { kind: 'redirect', to: '/', reason: access.reason };
  }
  return { kind: 'render' };
}
