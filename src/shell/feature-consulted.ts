import { useContext, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { PortalConfig, RouteMeta } from '../../kernel/schemas/portal-config.ts';
import { useCurrentRoute } from '../routing/current-route.ts';
import { useRuntime } from '../plugin-host/runtime.tsx';
import { TrackerContext } from '../plugin-host/tracker.ts';

/**
 * The `featureName` of the sidebar item whose page this route is (the item naming the route, or, on any
 * overview tab, the overview item, which points to the first available tab), else the route's own
 * (`meta.featureName`, the launchers). Undefined for other pages.
 */
export function consultedFeature(
  config: PortalConfig,
  routeName: string,
  meta: Pick<RouteMeta, 'featureName'> = {},
): string | undefined {
  const direct = config.sidebar.find((item) => item.route === routeName);
  const overview = config.overviewTabs.some((tab) => tab.route === routeName)
    ? config.sidebar.find((item) => item.firstAvailableOf === 'overviewTabs')
    : undefined;
  return (direct ?? overview)?.featureName ?? meta.featureName;
}

/**
 * Sends the manifest's 'Feature Consulted' event each time a sidebar item's page or a launcher is opened
 * (by the sidebar, a tab, a link, a notification or the address bar), once per page shown.
 */
export function useFeatureConsulted(): void {
  const { config } = useRuntime();
  const tracker = useContext(TrackerContext);
  const current = useCurrentRoute();
  const { pathname } = useLocation();
  const feature = current === null ? undefined : consultedFeature(config, current.name, current.indexed.meta);
  // Strict mode runs effects twice in development: one page shown is one event.
  const sentFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (feature === undefined) {
      sentFor.current = undefined;
      return;
    }
    if (tracker === null || sentFor.current === pathname) return;
    sentFor.current = pathname;
    tracker.track(config.trackingEvents.featureConsulted, { feature });
  }, [config, feature, pathname, tracker]);
}
