import type {
  Condition,
  PortalConfig,
  RedirectRule,
  RouteConfig,
  TabConfig,
} from '../../kernel/schemas/portal-config.ts';
import { evaluateCondition, isConditionMet } from '../../kernel/conditions/evaluate.ts';
import type { ConditionContext, ConditionTrace } from '../../kernel/conditions/evaluate.ts';
import { indexRoutes } from './route-index.ts';

/*
 * What the navigation shows, computed from the manifest and the session's facts. An item is shown when
 * its route is open to the user (the route's permissions, feature flag and rule, and its ancestors')
 * and its own `when` holds. No display rule lives here: they are all manifest data.
 */

export type RouteAccess =
  | { allowed: true }
  | { allowed: false; reason: 'flag'; flag: string }
  | { allowed: false; reason: 'permission'; trace: ConditionTrace }
  | { allowed: false; reason: 'rule'; trace: ConditionTrace }
  | { allowed: false; reason: 'unknown-route' };

function withNamedConditions(config: PortalConfig, context: ConditionContext): ConditionContext {
  return context.conditions === config.conditions ? context : { ...context, conditions: config.conditions };
}

/** The access rules of a route and its ancestors, in order: flag (404 when off), then permission, then rule. */
export function routeAccess(config: PortalConfig, routeName: string, context: ConditionContext): RouteAccess {
  const indexed = indexRoutes(config).get(routeName);
  if (indexed === undefined) return { allowed: false, reason: 'unknown-route' };
  const ctx = withNamedConditions(config, context);
  for (const route of indexed.chain) {
    const flag = route.meta?.featureFlag;
    if (flag !== undefined && ctx.flags[flag] !== true) return { allowed: false, reason: 'flag', flag };
  }
  for (const route of indexed.chain) {
    const permissions = route.meta?.permissions;
    if (permissions !== undefined) {
      const evaluation = evaluateCondition(
        {
          permission: permissions.anyOf,
          ...(permissions.scope === undefined ? {} : { scope: permissions.scope }),
        },
        ctx,
      );
      if (!evaluation.result) return { allowed: false, reason: 'permission', trace: evaluation.trace };
    }
  }
  for (const route of indexed.chain) {
    const when = route.meta?.when;
    if (when !== undefined) {
      const evaluation = evaluateCondition(when, ctx);
      if (!evaluation.result) return { allowed: false, reason: 'rule', trace: evaluation.trace };
    }
  }
  return { allowed: true };
}

/** The same rules as `routeAccess`, as a boolean without explanations, for lists evaluated on every update. */
export function isRouteOpen(config: PortalConfig, routeName: string, context: ConditionContext): boolean {
  const indexed = indexRoutes(config).get(routeName);
  if (indexed === undefined) return false;
  const ctx = withNamedConditions(config, context);
  return indexed.chain.every((route) => {
    const meta = route.meta;
    if (meta === undefined) return true;
    if (meta.featureFlag !== undefined && ctx.flags[meta.featureFlag] !== true) return false;
    const permissions = meta.permissions;
    if (
      permissions !== undefined &&
      !isConditionMet(
        {
          permission: permissions.anyOf,
          ...(permissions.scope === undefined ? {} : { scope: permissions.scope }),
        },
        ctx,
      )
    ) {
      return false;
    }
    return isConditionMet(meta.when, ctx);
  });
}

type NavItem = { id: string; order: number; route: string; when?: Condition };

/** The items whose route is open and whose `when` holds, in manifest order. */
function visibleItems<T extends NavItem>(
  config: PortalConfig,
  items: readonly T[],
  context: ConditionContext,
): T[] {
  const ctx = withNamedConditions(config, context);
  return items
    .filter((item) => isRouteOpen(config, item.route, ctx) && isConditionMet(item.when, ctx))
    .sort((a, b) => a.order - b.order);
}

export function visibleSidebarItems(
  config: PortalConfig,
  context: ConditionContext,
): PortalConfig['sidebar'] {
  const ctx = withNamedConditions(config, context);
  return config.sidebar
    .map((item) => {
      if (item.firstAvailableOf !== 'overviewTabs') return item;
      // The overview entry points at the first overview tab the user can open, or is hidden.
      const first = visibleOverviewTabs(config, ctx)[0];
      return first === undefined ? undefined : { ...item, route: first.route };
    })
    .filter((item): item is PortalConfig['sidebar'][number] => item !== undefined)
    .filter((item) => isRouteOpen(config, item.route, ctx) && isConditionMet(item.when, ctx))
    .sort((a, b) => a.order - b.order);
}

/** The collaborator variant for collaborators, the client variant for everybody else. */
export function visibleWalletTabs(config: PortalConfig, context: ConditionContext): TabConfig[] {
  const variant = context.facts['user.isCollab'] ? config.walletTabs.collaborator : config.walletTabs.client;
  return visibleItems(config, variant, context);
}

export function visibleOverviewTabs(config: PortalConfig, context: ConditionContext): TabConfig[] {
  return visibleItems(config, config.overviewTabs, context);
}

/** The first rule whose `when` holds; the last rule is the fallback. */
function firstMatchingRule<T extends { when?: Condition }>(
  rules: readonly T[],
  config: PortalConfig,
  context: ConditionContext,
): T | undefined {
  const ctx = withNamedConditions(config, context);
  return rules.find((rule) => isConditionMet(rule.when, ctx));
}

export function resolveLanding(config: PortalConfig, context: ConditionContext): RedirectRule | undefined {
  return firstMatchingRule(config.landing, config, context);
}

export type ChosenWidgetSet = {
  id: string;
  widgets: PortalConfig['homeWidgets']['sets'][number]['widgets'][number][];
};

/**
 * The first widget set whose `when` holds, keeping only the widgets this user may see; undefined when
 * no set holds or the grid itself is off (`homeWidgets.when`).
 */
export function chooseWidgetSet(
  config: PortalConfig,
  context: ConditionContext,
): ChosenWidgetSet | undefined {
  const ctx = withNamedConditions(config, context);
  // The grid as a whole may be off (the homeWidgets flag): then the home has no widget at all.
  if (!isConditionMet(config.homeWidgets.when, ctx)) return undefined;
  const set = firstMatchingRule(config.homeWidgets.sets, config, ctx);
  if (set === undefined) return undefined;
  const widgets = set.widgets.filter(
    (widget) =>
      (widget.permission === undefined || isConditionMet({ permission: [widget.permission] }, ctx)) &&
      isConditionMet(widget.when, ctx),
  );
  return { id: set.id, widgets };
}

/** The redirect of a route that applies now, if any. */
export function activeRedirect(
  config: PortalConfig,
  route: RouteConfig,
  context: ConditionContext,
): RedirectRule | undefined {
  return route.redirect === undefined ? undefined : firstMatchingRule(route.redirect, config, context);
}
