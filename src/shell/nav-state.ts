import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { useConditionContext } from '../plugin-host/condition-context.ts';
import { useRuntime } from '../plugin-host/runtime.tsx';
import { visibleOverviewTabs, visibleSidebarItems, visibleWalletTabs } from '../manifest/navigation.ts';
import { useCurrentRoute } from '../routing/current-route.ts';
import { translateKey } from '../routing/translate-key.ts';
import { usePathTo } from '../routing/use-path-to.ts';

export type NavEntry = { id: string; label: string; href: string; current: boolean; icon?: string };

function overviewRoutes(config: PortalConfig): Set<string> {
  return new Set(config.overviewTabs.map((tab) => tab.route));
}

/** What both bars are drawn from: the manifest, the session's facts, the current route, links and labels. */
function useNavInputs() {
  const { config } = useRuntime();
  const { t } = useTranslation();
  return {
    config,
    t,
    context: useConditionContext(),
    current: useCurrentRoute(),
    pathTo: usePathTo(),
  };
}

/** The entity area's sidebar: manifest items the session may see, in order, as links. */
export function useSidebarEntries(): NavEntry[] {
  const { config, t, context, current, pathTo } = useNavInputs();
  return useMemo(() => {
    const overview = overviewRoutes(config);
    return visibleSidebarItems(config, context).map((item) => ({
      id: item.id,
      label: translateKey(t, item.title),
      href: pathTo(item.route, item.params ?? {}),
      icon: item.icon,
      // The overview entry stays current on every overview tab, not only on the first one.
      current:
        current?.name === item.route ||
        (item.firstAvailableOf === 'overviewTabs' && current !== null && overview.has(current.name)),
    }));
  }, [config, context, current, pathTo, t]);
}

/**
 * The tab bar of the current page: the wallet tabs (variant by user kind) on a wallet tab's page, the
 * overview tabs on an overview page, none elsewhere.
 */
export function useTabEntries(): { kind: 'wallet' | 'overview'; entries: NavEntry[] } | null {
  const { config, t, context, current, pathTo } = useNavInputs();
  return useMemo(() => {
    if (current === null) return null;
    const walletRoutes = [...config.walletTabs.collaborator, ...config.walletTabs.client].map(
      (tab) => tab.route,
    );
    const kind = walletRoutes.includes(current.name)
      ? 'wallet'
      : overviewRoutes(config).has(current.name)
        ? 'overview'
        : null;
    if (kind === null) return null;
    const tabs =
      kind === 'wallet' ? visibleWalletTabs(config, context) : visibleOverviewTabs(config, context);
    return {
      kind,
      entries: tabs.map((tab) => ({
        id: tab.id,
        label: translateKey(t, tab.title),
        href: pathTo(tab.route, tab.params ?? {}),
        current: current.name === tab.route,
      })),
    };
  }, [config, context, current, pathTo, t]);
}
