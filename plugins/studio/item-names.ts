import type { ListItem, ListKey, StudioConfig } from '@portal/plugin-api/studio';

/** What the address needs of a route of the manifest, at any depth. */
type Route = { name: string; path?: string; children?: readonly Route[] };
/** What the address needs of a navigation entry, in any list. */
type NavItem = { id: string; route: string; params?: Readonly<Record<string, string>> };

/** The address a route answers at, its parents' paths joined: `/dossier/:entityId/comptabilite/archive`. */
function routePath(routes: readonly Route[], name: string, parent = ''): string | undefined {
  for (const route of routes) {
    const path = route.path === undefined ? parent : joinPath(parent, route.path);
    if (route.name === name) return path;
    const found = route.children === undefined ? undefined : routePath(route.children, name, path);
    if (found !== undefined) return found;
  }
  return undefined;
}

const joinPath = (parent: string, path: string) =>
  path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;

function navItemsOf(config: StudioConfig, key: ListKey): readonly NavItem[] {
  if (key.kind === 'sidebar') return config.sidebar;
  if (key.kind === 'overviewTabs') return config.overviewTabs;
  if (key.kind === 'walletTabs') return config.walletTabs[key.variant];
  return [];
}

/**
 * The address an entry of a navigation list opens, with its own parameters filled in and the others
 * (the entity's number) as `…`: `/dossier/…/comptabilite/pennylane`.
 */
export function entryAddress(config: StudioConfig, key: ListKey, item: ListItem): string | undefined {
  const entry = navItemsOf(config, key).find((candidate) => candidate.id === item.key);
  if (entry === undefined) return undefined;
  const path = routePath(config.routes, entry.route);
  if (path === undefined) return undefined;
  const params = entry.params ?? {};
  return path.replace(/:(\w+)/g, (_match, param: string) => params[param] ?? '…');
}

/**
 * The names of a list's entries as the studio shows them. Two entries with one name (the sidebar's two
 * "Comptabilité", of which a person only ever sees one) are told apart by what `distinguish` adds.
 */
export function distinctNames(
  items: readonly ListItem[],
  nameOf: (item: ListItem) => string,
  distinguish: (item: ListItem, name: string) => string,
): Map<string, string> {
  const names = items.map((item) => [item.key, nameOf(item)] as const);
  const counts = new Map<string, number>();
  for (const [, name] of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return new Map(
    names.map(([key, name]) => {
      const item = items.find((candidate) => candidate.key === key);
      return [key, (counts.get(name) ?? 0) > 1 && item !== undefined ? distinguish(item, name) : name];
    }),
  );
}
