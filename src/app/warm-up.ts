import { matchRoutes } from 'react-router';
import { chooseWidgetSet } from '../manifest/navigation.ts';
import { indexRoutes } from '../manifest/route-index.ts';
import { preloadTranslations } from '../i18n/i18n.ts';
import { buildPortalRoutes } from '../routing/route-tree.tsx';
import type { i18n as I18n } from 'i18next';
import { warmUpWidgets } from '../grid/widget-warm-up.ts';
import { selectConditionContext } from '../runtime/condition-context.ts';
import type { PortalRuntime } from '../runtime/runtime.tsx';
import type { AppStore } from '../runtime/store.ts';

/**
 * The first route's code and translations, asked for as soon as the entry runs: its page chunk, its
 * plugin's namespace and, for the signed-in layout, the shell. Otherwise each waits on the one before
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
    if (indexed.layout === 'home') import('../shell/home-shell.tsx').catch(ignore);
    const { page } = indexed.route;
    if (page === undefined) continue;
    runtime.registry.page(page)?.component().catch(ignore);
    preloadTranslations(runtime.config.app, storage, page.split('/')[0] ?? 'common');
  }
}

/** The pages whose code asks for the saved home layout early: the ones that show the widget grid. */
function hostsHomeGrid(runtime: PortalRuntime, pathname: string): boolean {
  const routes = indexRoutes(runtime.config);
  return (matchRoutes(buildPortalRoutes(runtime), pathname) ?? []).some((match) => {
    const page = routes.get(match.route.id ?? '')?.route.page;
    return page !== undefined && runtime.registry.page(page)?.prefetch?.includes('homeLayout') === true;
  });
}

/**
 * On the page of the widget grid, each time an entity is selected (a reload: its calls have just
 * answered), its widgets' code and their plugins' translations are asked for at once, while the shell
 * renders, rather than by each widget's frame in turn once the grid has rendered. Answers the unsubscribe.
 */
export function warmUpHomeWidgets(deps: {
  runtime: PortalRuntime;
  store: Pick<AppStore, 'getState' | 'subscribe'>;
  i18n: I18n;
  pathname: () => string;
}): () => void {
  const { runtime, store, i18n } = deps;
  let selected: number | null = null;
  return store.subscribe(() => {
    const state = store.getState();
    const id = state.session.selectedEntity?.accountId ?? null;
    if (id === selected) return;
    selected = id;
    if (id === null || !hostsHomeGrid(runtime, deps.pathname())) return;
    const context = selectConditionContext(state, runtime.config, runtime.flags);
    const chosen = chooseWidgetSet(runtime.config, context)?.widgets ?? [];
    warmUpWidgets(
      runtime.registry,
      i18n,
      chosen.map((placement) => placement.widget),
    );
  });
}
