// The studio's edits as pure functions over a manifest: reordering (which rewrites `order`, or the array
// order of a widget set), hiding and showing, sizes. The lists and the diff are the engine's
// (src/manifest/manifest-diff.ts), shared with `portal diff`.
import { itemsOf, listsOf } from '@portal/plugin-api/studio';
import type { ListKey, StudioCondition, StudioConfig } from '@portal/plugin-api/studio';

/** The lists of a manifest, the one chosen (the first when that one is gone) and its items. */
export function chosenList(config: StudioConfig, index: number) {
  const lists = listsOf(config);
  const key: ListKey = lists[index] ?? lists[0] ?? { kind: 'sidebar' };
  return { lists, key, items: itemsOf(config, key) };
}

type NavItem = StudioConfig['overviewTabs'][number];

function navItems(config: StudioConfig, key: Exclude<ListKey, { kind: 'widgets' }>): readonly NavItem[] {
  if (key.kind === 'sidebar') return config.sidebar;
  if (key.kind === 'overviewTabs') return config.overviewTabs;
  return config.walletTabs[key.variant];
}

function replaceNav(config: StudioConfig, key: Exclude<ListKey, { kind: 'widgets' }>, items: NavItem[]) {
  if (key.kind === 'sidebar') return { ...config, sidebar: items as StudioConfig['sidebar'] };
  if (key.kind === 'overviewTabs') return { ...config, overviewTabs: items };
  return { ...config, walletTabs: { ...config.walletTabs, [key.variant]: items } };
}

type Widget = StudioConfig['homeWidgets']['sets'][number]['widgets'][number];

function replaceWidgets(config: StudioConfig, set: number, widgets: Widget[]): StudioConfig {
  const sets = config.homeWidgets.sets.map((candidate, index) =>
    index === set ? { ...candidate, widgets } : candidate,
  );
  return { ...config, homeWidgets: { ...config.homeWidgets, sets } };
}

/**
 * Moves the item at `from` to `to` (positions in the order seen). Nav items get orders 1, 2, 3... in the
 * new sequence, keeping a first item's 0 (the home entry); widgets move in their array.
 */
export function moveItem(config: StudioConfig, key: ListKey, from: number, to: number): StudioConfig {
  if (from === to) return config;
  if (key.kind === 'widgets') {
    const widgets = [...(config.homeWidgets.sets[key.set]?.widgets ?? [])];
    const [moved] = widgets.splice(from, 1);
    if (moved === undefined) return config;
    widgets.splice(to, 0, moved);
    return replaceWidgets(config, key.set, widgets);
  }
  const sorted = [...navItems(config, key)].sort((a, b) => a.order - b.order);
  const [moved] = sorted.splice(from, 1);
  if (moved === undefined) return config;
  sorted.splice(to, 0, moved);
  const base = sorted[0]?.order === 0 ? 0 : 1;
  const reordered = new Map(sorted.map((item, index) => [item.id, base + index]));
  return replaceNav(
    config,
    key,
    navItems(config, key).map((item) => ({ ...item, order: reordered.get(item.id) ?? item.order })),
  );
}

/** Sets (or removes, with undefined) the `when` of the item at `position` (in the order seen). */
export function setItemWhen(
  config: StudioConfig,
  key: ListKey,
  position: number,
  when: StudioCondition | undefined,
): StudioConfig {
  const apply = <T extends { when?: StudioCondition }>(item: T): T => {
    const { when: _old, ...rest } = item;
    return (when === undefined ? rest : { ...rest, when }) as T;
  };
  if (key.kind === 'widgets') {
    const widgets = (config.homeWidgets.sets[key.set]?.widgets ?? []).map((widget, index) =>
      index === position ? apply(widget) : widget,
    );
    return replaceWidgets(config, key.set, widgets);
  }
  const target = itemsOf(config, key)[position]?.key;
  return replaceNav(
    config,
    key,
    navItems(config, key).map((item) => (item.id === target ? apply(item) : item)),
  );
}

export function setWidgetSize(config: StudioConfig, set: number, position: number, size: 1 | 2 | 3 | 4) {
  const widgets = (config.homeWidgets.sets[set]?.widgets ?? []).map((widget, index) =>
    index === position ? { ...widget, size } : widget,
  );
  return replaceWidgets(config, set, widgets);
}

export function addWidget(config: StudioConfig, set: number, widget: string, size: 1 | 2 | 3 | 4) {
  return replaceWidgets(config, set, [...(config.homeWidgets.sets[set]?.widgets ?? []), { widget, size }]);
}

export function removeWidget(config: StudioConfig, set: number, position: number) {
  return replaceWidgets(
    config,
    set,
    (config.homeWidgets.sets[set]?.widgets ?? []).filter((_widget, index) => index !== position),
  );
}
