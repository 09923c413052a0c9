import type { AnyRouteConfig, Condition, PortalConfig } from '../schemas/portal-config.ts';
import { WCAG_AA_TEXT, WHITE, contrastRatio } from './contrast.ts';
import { joinPointer } from './json-pointer.ts';
import type { ManifestProblem } from './problems.ts';

/** What a widget declares that the manifest's placements must fit: its sizes and its options schema. */
export type KnownWidget = { sizes: readonly number[]; options?: object };

/**
 * Checks a placement's options against the schema of the widget (`plugin/name`); answers each problem's
 * pointer inside `options` ('' for the object itself) and message. `npm run validate` compiles the
 * plugins' schemas; the studio, the portal and the gateway use the precompiled checks of
 * `npm run generate:schema` (kernel/manifest/widget-options.ts): no schema compiler ships to the browser.
 */
export type WidgetOptionsCheck = (
  widget: string,
  schema: object,
  options: unknown,
) => readonly { pointer: string; message: string }[];

/** What the plugin list provides, by `plugin/name` reference; lint skips plugin checks without it. */
export type KnownPlugins = {
  pages: ReadonlySet<string>;
  widgets: ReadonlyMap<string, KnownWidget>;
  checkOptions?: WidgetOptionsCheck;
};

/** Redirect targets that are not routes: `landing` applies the landing rules. */
const pseudoRoutes: ReadonlySet<string> = new Set(['landing']);

type FlatRoute = { route: AnyRouteConfig; pointer: string };

/** Semantic checks the schema cannot express. Runs on a manifest that already passed the schema. */
export function lintManifest(config: PortalConfig, knownPlugins?: KnownPlugins): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const report = (pointer: string, message: string): void => {
    problems.push({ pointer, message });
  };
  const flags = new Set(Object.keys(config.featureFlags));
  const permissions = config.permissions;
  const offerCodes = new Set([config.offers.accountingSoftware, config.offers.forms]);
  const namedConditions = new Set(Object.keys(config.conditions));

  if (!config.app.locales.includes(config.app.defaultLocale)) {
    report(
      '/app/defaultLocale',
      `locale "${config.app.defaultLocale}" is not in /app/locales (${config.app.locales.join(', ')})`,
    );
  }
  if (!flags.has(config.identity.customer.singleSignOnFlag)) {
    report(
      '/identity/customer/singleSignOnFlag',
      `unknown feature flag "${config.identity.customer.singleSignOnFlag}"`,
    );
  }

  // Routes: unique names, and every reference to a route by name must resolve.
  const routes = flattenRoutes(config.routes, '/routes');
  const routeNames = new Map<string, string>();
  for (const { route, pointer } of routes) {
    const first = routeNames.get(route.name);
    if (first !== undefined)
      report(joinPointer(pointer, 'name'), `duplicate route name "${route.name}" (first at ${first})`);
    else routeNames.set(route.name, pointer);
    if (route.index === true && route.path !== undefined)
      report(joinPointer(pointer, 'path'), 'an index route has no path');
    if (pseudoRoutes.has(route.name)) report(joinPointer(pointer, 'name'), `"${route.name}" is reserved`);
  }
  const checkRouteRef = (pointer: string, name: string): void => {
    if (!routeNames.has(name) && !pseudoRoutes.has(name)) report(pointer, `unknown route "${name}"`);
  };
  for (const { route, pointer } of routes) {
    route.redirect?.forEach((rule, i) => {
      checkRouteRef(joinPointer(pointer, 'redirect', i, 'to'), rule.to);
      checkCondition(rule.when, joinPointer(pointer, 'redirect', i, 'when'));
    });
    const meta = route.meta;
    if (meta !== undefined) {
      if (meta.featureFlag !== undefined && !flags.has(meta.featureFlag)) {
        report(joinPointer(pointer, 'meta', 'featureFlag'), `unknown feature flag "${meta.featureFlag}"`);
      }
      meta.permissions?.anyOf.forEach((code, i) => {
        checkPermission(joinPointer(pointer, 'meta', 'permissions', 'anyOf', i), code);
      });
      checkCondition(meta.when, joinPointer(pointer, 'meta', 'when'));
    }
    if (route.page !== undefined && knownPlugins !== undefined && !knownPlugins.pages.has(route.page)) {
      report(joinPointer(pointer, 'page'), `unknown page plugin "${route.page}"`);
    }
    if (route.page === undefined && route.redirect === undefined && route.children === undefined) {
      report(pointer, 'a route needs a page, a redirect or children');
    }
    if (route.homeGrid === true && route.page === undefined) {
      report(joinPointer(pointer, 'homeGrid'), 'the home grid is drawn under a page: this route has none');
    }
  }
  const singleSignOn = config.identity.customer.singleSignOn;
  if (singleSignOn !== undefined)
    checkRouteRef('/identity/customer/singleSignOn/callbackRoute', singleSignOn.callbackRoute);
  config.landing.forEach((rule, i) => {
    checkRouteRef(`/landing/${String(i)}/to`, rule.to);
    checkCondition(rule.when, `/landing/${String(i)}/when`);
  });
  // `routing` names routes (…Route) and flags (…Flag) the engine acts on.
  for (const [key, value] of Object.entries(config.routing)) {
    if (key.endsWith('Route')) checkRouteRef(`/routing/${key}`, String(value));
    if (key.endsWith('Flag') && !flags.has(String(value)))
      report(`/routing/${key}`, `unknown feature flag "${String(value)}"`);
  }

  // Lists that show several things: unique ids, unique orders, known routes.
  const navLists: [string, readonly { id: string; order: number; route: string; when?: Condition }[]][] = [
    ['/sidebar', config.sidebar],
    ['/walletTabs/collaborator', config.walletTabs.collaborator],
    ['/walletTabs/client', config.walletTabs.client],
    ['/overviewTabs', config.overviewTabs],
  ];
  for (const [listPointer, items] of navLists) {
    const ids = new Map<string, number>();
    const orders = new Map<number, number>();
    items.forEach((item, i) => {
      const pointer = joinPointer(listPointer, i);
      const sameId = ids.get(item.id);
      if (sameId !== undefined)
        report(
          joinPointer(pointer, 'id'),
          `duplicate id "${item.id}" (also at ${listPointer}/${String(sameId)})`,
        );
      else ids.set(item.id, i);
      const sameOrder = orders.get(item.order);
      if (sameOrder !== undefined) {
        report(
          joinPointer(pointer, 'order'),
          `duplicate order ${String(item.order)} (also at ${listPointer}/${String(sameOrder)})`,
        );
      } else orders.set(item.order, i);
      checkRouteRef(joinPointer(pointer, 'route'), item.route);
      checkCondition(item.when, joinPointer(pointer, 'when'));
    });
  }

  const eventTypes = new Set(config.notifications.eventTypes);
  const centreFlag = config.notifications.centreFlag;
  if (centreFlag !== undefined && !flags.has(centreFlag))
    report('/notifications/centreFlag', `unknown feature flag "${centreFlag}"`);
  for (const [type, link] of Object.entries(config.notifications.links ?? {})) {
    const pointer = joinPointer('/notifications/links', type);
    if (!eventTypes.has(type)) report(pointer, `unknown notification event type "${type}"`);
    checkRouteRef(joinPointer(pointer, 'route'), link.route);
  }

  checkCondition(config.homeWidgets.when, '/homeWidgets/when');
  const setIds = new Map<string, number>();
  config.homeWidgets.sets.forEach((set, i) => {
    const pointer = `/homeWidgets/sets/${String(i)}`;
    const same = setIds.get(set.id);
    if (same !== undefined)
      report(`${pointer}/id`, `duplicate id "${set.id}" (also at /homeWidgets/sets/${String(same)})`);
    else setIds.set(set.id, i);
    checkCondition(set.when, `${pointer}/when`);
    set.widgets.forEach((widget, j) => {
      const wp = `${pointer}/widgets/${String(j)}`;
      const known = knownPlugins?.widgets.get(widget.widget);
      if (knownPlugins !== undefined && known === undefined) {
        report(`${wp}/widget`, `unknown widget plugin "${widget.widget}"`);
      }
      if (known !== undefined) checkPlacement(wp, widget, known, knownPlugins?.checkOptions);
      if (widget.permission !== undefined) {
        checkPermission(`${wp}/permission`, widget.permission);
        if (permissions[widget.permission]?.scope === 'collaborator') {
          report(
            `${wp}/permission`,
            `a widget permission must be a customer code; "${widget.permission}" is a collaborator code`,
          );
        }
      }
      checkCondition(widget.when, `${wp}/when`);
    });
  });
  const lastSet = config.homeWidgets.sets.at(-1);
  if (lastSet?.when !== undefined && lastSet.when !== true) {
    report(
      `/homeWidgets/sets/${String(config.homeWidgets.sets.length - 1)}/when`,
      'the last widget set is the fallback and must not have a condition',
    );
  }
  const lastLanding = config.landing.at(-1);
  if (lastLanding?.when !== undefined && lastLanding.when !== true) {
    report(
      `/landing/${String(config.landing.length - 1)}/when`,
      'the last landing rule is the fallback and must not have a condition',
    );
  }

  const scriptNames = new Set<string>();
  config.thirdPartyScripts.forEach((script, i) => {
    if (scriptNames.has(script.name))
      report(`/thirdPartyScripts/${String(i)}/name`, `duplicate script name "${script.name}"`);
    scriptNames.add(script.name);
    checkCondition(script.when, `/thirdPartyScripts/${String(i)}/when`);
  });

  config.applications?.forEach((application, i) => {
    checkCondition(application.when, `/applications/${String(i)}/when`);
  });

  const primaryColor = config.branding?.primaryColor;
  if (primaryColor !== undefined) {
    // Filled buttons write white on the colour and links write the colour on the white page: one ratio.
    const ratio = contrastRatio(primaryColor, WHITE);
    if (ratio < WCAG_AA_TEXT)
      report(
        '/branding/primaryColor',
        `contrast ${ratio.toFixed(2)}:1 with white (button text, page background of links) is below the ${String(WCAG_AA_TEXT)}:1 of WCAG AA: choose a darker colour`,
      );
  }

  if (config.studio !== undefined) checkCondition(config.studio.editors, '/studio/editors');
  for (const [name, condition] of Object.entries(config.actions ?? {})) {
    checkCondition(condition, joinPointer('/actions', name));
  }
  for (const [name, condition] of Object.entries(config.conditions)) {
    checkCondition(condition, joinPointer('/conditions', name));
    const cycle = findRefCycle(name, config.conditions, []);
    if (cycle !== undefined)
      report(joinPointer('/conditions', name), `condition refers to itself: ${cycle.join(' -> ')}`);
  }

  return problems;

  function checkPlacement(
    pointer: string,
    placement: { widget: string; size: number; options?: object },
    known: KnownWidget,
    checkOptions: WidgetOptionsCheck | undefined,
  ): void {
    if (!known.sizes.includes(placement.size)) {
      report(
        `${pointer}/size`,
        `size ${String(placement.size)} is not offered by widget "${placement.widget}" (it offers ${known.sizes.join(', ')})`,
      );
    }
    if (known.options === undefined) {
      if (placement.options !== undefined)
        report(`${pointer}/options`, `widget "${placement.widget}" takes no options`);
      return;
    }
    // A widget with an options schema is checked with no options as with an empty object, so its
    // required options are named.
    for (const problem of checkOptions?.(placement.widget, known.options, placement.options ?? {}) ?? []) {
      report(`${pointer}/options${problem.pointer}`, `widget "${placement.widget}": ${problem.message}`);
    }
  }

  function checkPermission(pointer: string, code: string): void {
    if (!(code in permissions)) report(pointer, `unknown permission code "${code}"`);
  }

  function checkCondition(condition: Condition | undefined, pointer: string): void {
    if (condition === undefined || typeof condition === 'boolean') return;
    if ('all' in condition)
      condition.all.forEach((c, i) => {
        checkCondition(c, joinPointer(pointer, 'all', i));
      });
    else if ('any' in condition)
      condition.any.forEach((c, i) => {
        checkCondition(c, joinPointer(pointer, 'any', i));
      });
    else if ('not' in condition) checkCondition(condition.not, joinPointer(pointer, 'not'));
    else if ('permission' in condition)
      condition.permission.forEach((code, i) => {
        checkPermission(joinPointer(pointer, 'permission', i), code);
      });
    else if ('flag' in condition) {
      if (!flags.has(condition.flag))
        report(joinPointer(pointer, 'flag'), `unknown feature flag "${condition.flag}"`);
    } else if ('offer' in condition) {
      if (!offerCodes.has(condition.offer))
        report(joinPointer(pointer, 'offer'), `unknown offer code "${condition.offer}"`);
    } else if ('ref' in condition) {
      if (!namedConditions.has(condition.ref))
        report(joinPointer(pointer, 'ref'), `unknown named condition "${condition.ref}"`);
    }
  }
}

function flattenRoutes(routes: readonly AnyRouteConfig[], pointer: string): FlatRoute[] {
  return routes.flatMap((route, i) => {
    const here = joinPointer(pointer, i);
    return [{ route, pointer: here }, ...flattenRoutes(route.children ?? [], joinPointer(here, 'children'))];
  });
}

function findRefCycle(
  name: string,
  conditions: Readonly<Record<string, Condition>>,
  stack: string[],
): string[] | undefined {
  if (stack.includes(name)) return [...stack, name];
  const condition = conditions[name];
  if (condition === undefined) return undefined;
  for (const ref of refsOf(condition)) {
    const cycle = findRefCycle(ref, conditions, [...stack, name]);
    if (cycle !== undefined) return cycle;
  }
  return undefined;
}

function refsOf(condition: Condition): string[] {
  if (typeof condition === 'boolean') return [];
  if ('all' in condition) return condition.all.flatMap(refsOf);
  if ('any' in condition) return condition.any.flatMap(refsOf);
  if ('not' in condition) return refsOf(condition.not);
  if ('ref' in condition) return [condition.ref];
  return [];
}
