import { useContext, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { PortalConfig } from '../../schemas/portal-config.ts';
import { useCurrentRoute } from '../routing/current-route.ts';
import { useRuntime } from '../runtime/runtime.tsx';
import { TrackerContext } from '../runtime/tracker.ts';

/**
 * The `featureName` of the sidebar item whose page this route is: the item naming the route, or, on any
 * overview tab, the overview item (it points to the first available tab). Undefined for other pages.
 */
export function consultedFeature(config: PortalConfig, routeName: string): string | undefined {
  const direct = config.sidebar.find((item) => item.route === routeName);
  if (direct !== undefined) return direct.featureName;
  if (!config.overviewTabs.some((tab) => tab.route === routeName)) return undefined;
  return config.sidebar.find((item) => item.firstAvailableOf === 'overviewTabs')?.featureName;
}

/**
 * Sends the manifest's 'Feature Consulted' event each time a sidebar item's page is opened (by the
 * sidebar, a link, a notification or the address bar), once per page shown.
 */
export function useFeatureConsulted(): void {
  const { config } = useRuntime();
  const tracker = useContext(TrackerContext);
  const current = useCurrentRoute();
  const { pathname } = useLocation();
  const feature = current === null ? undefined : consultedFeature(config, current.name);
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
