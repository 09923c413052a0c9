import { matchRoutes } from 'react-router';
import type { AnyRouteConfig } from '../../kernel/schemas/portal-config.ts';
import { chooseWidgetSet } from '../manifest/navigation.ts';
import { indexRoutes } from '../manifest/route-index.ts';
import { preloadTranslations } from '../i18n/i18n.ts';
import { buildPortalRoutes } from '../routing/route-tree.tsx';
import type { i18n as I18n } from 'i18next';
import { preloadWidget } from '../grid/lazy-widget.ts';
import { ownLocalesLoad } from '../plugin-host/plugin-translation.ts';
import { selectConditionContext } from '../plugin-host/condition-context.ts';
import type { PortalRuntime } from '../plugin-host/runtime.tsx';
import type { RootState } from '../store/store.ts';

// The route table the router is built from, once per runtime: matched at start and at each entity
// selection on the way to the grid's page.
const routeTables = new WeakMap<PortalRuntime, ReturnType<typeof buildPortalRoutes>>();

/** The manifest's routes `pathname` matches, outermost first. */
function matchedRoutes(runtime: PortalRuntime, pathname: string): AnyRouteConfig[] {
  let table = routeTables.get(runtime);
  if (table === undefined) {
    table = buildPortalRoutes(runtime);
    routeTables.set(runtime, table);
  }
  const routes = indexRoutes(runtime.config);
  return (matchRoutes(table, pathname) ?? []).flatMap((match) => {
    const route = routes.get(match.route.id ?? '')?.route;
    return route === undefined ? [] : [route];
  });
}

/** The pages (`<plugin>/<page>`) of the routes `pathname` matches, outermost first. */
function matchedPages(runtime: PortalRuntime, pathname: string): string[] {
  return matchedRoutes(runtime, pathname).flatMap((route) => (route.page === undefined ? [] : [route.page]));
}

/**
 * The first route's code and translations, asked for as soon as the entry runs: its page chunk, its
 * plugin's namespace (the signed-in shell comes with the portal's first chunk). Otherwise each waits on the one before
 * (translations of the engine, then the router, then the page, then the page's translations), one round
 * trip at a time. What a later step imports again comes from the browser's module map. Answers the
 * namespaces of its pages' translations.
 */
export function warmUpFirstRoute(
  runtime: PortalRuntime,
  pathname: string,
  storage: Pick<Storage, 'getItem'> | undefined,
): string[] {
  const namespaces: string[] = [];
  const ignore = () => {
    // The router's own load of the same module reports a failure, inside the page.
  };
  for (const page of matchedPages(runtime, pathname)) {
    runtime.registry.page(page)?.component().catch(ignore);
    const namespace = page.split('/')[0] ?? 'common';
    preloadTranslations(runtime.config.app, storage, namespace);
    namespaces.push(namespace);
  }
  return namespaces;
}

// Here rather than with the grid: the grid's modules are shared with the login page's chunk, this one is
// the portal's.
/**
 * Starts, all at once, the code of these widgets (`<plugin>/<name>`) and their plugins' translations:
 * otherwise each frame asks for its plugin's strings when it renders, and for its widget's code only
 * once those have come, one wave after the other. Each is asked for once; asking again costs nothing.
 * Settles once all are in (or failed: each frame then shows its own error); never rejects.
 */
async function warmUpWidgets(
  registry: PortalRuntime['registry'],
  i18n: I18n,
  widgets: readonly string[],
): Promise<void> {
  const pluginIds = new Set<string>();
  const loads: Promise<void>[] = [];
  for (const widget of widgets) {
    const resolved = registry.widget(widget);
    if (resolved === undefined) continue;
    loads.push(preloadWidget(resolved.definition));
    pluginIds.add(resolved.pluginId);
  }
  // The same loads usePluginTranslation makes: the frames then find their strings in and do not suspend.
  const plugins = registry.plugins.filter((plugin) => pluginIds.has(plugin.id));
  await Promise.allSettled([
    ...loads,
    i18n.loadNamespaces(plugins.map((plugin) => plugin.id)),
    ...plugins.map((plugin) => ownLocalesLoad(i18n, plugin.id, plugin.locales)),
  ]);
}

/** Whether a route `pathname` matches shows the widget grid (its `homeGrid`). */
function hostsHomeGrid(runtime: PortalRuntime, pathname: string): boolean {
  return matchedRoutes(runtime, pathname).some((route) => route.homeGrid === true);
}

/**
 * On the page of the widget grid, while an entity is being selected (its calls have answered, the guard
 * has not rendered yet): its widgets' code and their plugins' translations, all at once, so the page
 * renders whole in one go rather than each widget's frame asking in turn once the grid has rendered.
 * `next` is the state once the entity is stored. Undefined on any other page.
 */
export function warmUpHomeWidgets(
  runtime: PortalRuntime,
  i18n: I18n,
  next: RootState,
  pathname: string,
): Promise<void> | undefined {
  if (!hostsHomeGrid(runtime, pathname)) return undefined;
  const context = selectConditionContext(next, runtime.config, runtime.flags);
  const chosen = chooseWidgetSet(runtime.config, context)?.widgets ?? [];
  return warmUpWidgets(
    runtime.registry,
    i18n,
    chosen.map((placement) => placement.widget),
  );
}
