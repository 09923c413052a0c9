// The lists the studio edits (sidebar, wallet tabs, overview tabs, home widget sets) and the diff of two
// manifests over them, in words: shared by the studio page and `portal diff`, so both say the same thing.
import type { Condition, PortalConfig } from '../../kernel/schemas/portal-config.ts';

type StudioConfig = PortalConfig;
type StudioCondition = Condition;

export type ListKey =
  | { kind: 'sidebar' }
  | { kind: 'walletTabs'; variant: 'collaborator' | 'client' }
  | { kind: 'overviewTabs' }
  | { kind: 'widgets'; set: number };

/** One row of a list, whatever the list: its key, its label key (or widget ref), its rule, its size. */
export type ListItem = {
  key: string;
  /** An i18n key of the common namespace for nav items; the plugin/widget reference for widgets. */
  label: string;
  isWidget: boolean;
  when: StudioCondition | undefined;
  size?: number;
  /** JSON pointer of the item in the manifest, for problems and the JSON view. */
  pointer: string;
};

export function listKeyId(key: ListKey): string {
  switch (key.kind) {
    case 'walletTabs':
      return `walletTabs.${key.variant}`;
    case 'widgets':
      return `widgets.${String(key.set)}`;
    default:
      return key.kind;
  }
}

export function listsOf(config: StudioConfig): ListKey[] {
  return [
    { kind: 'sidebar' },
    { kind: 'walletTabs', variant: 'collaborator' },
    { kind: 'walletTabs', variant: 'client' },
    { kind: 'overviewTabs' },
    ...config.homeWidgets.sets.map((_set, set): ListKey => ({ kind: 'widgets', set })),
  ];
}

type NavItem = StudioConfig['overviewTabs'][number];

function navItems(config: StudioConfig, key: Exclude<ListKey, { kind: 'widgets' }>): readonly NavItem[] {
  if (key.kind === 'sidebar') return config.sidebar;
  if (key.kind === 'overviewTabs') return config.overviewTabs;
  return config.walletTabs[key.variant];
}

function navPointer(key: Exclude<ListKey, { kind: 'widgets' }>): string {
  return key.kind === 'walletTabs' ? `/walletTabs/${key.variant}` : `/${key.kind}`;
}

/** The items of a list in the order a person sees them. */
export function itemsOf(config: StudioConfig, key: ListKey): ListItem[] {
  if (key.kind === 'widgets') {
    const set = config.homeWidgets.sets[key.set];
    return (set?.widgets ?? []).map((widget, index) => ({
      key: `${widget.widget}#${String(index)}`,
      label: widget.widget,
      isWidget: true,
      when: widget.when,
      size: widget.size,
      pointer: `/homeWidgets/sets/${String(key.set)}/widgets/${String(index)}`,
    }));
  }
  return navItems(config, key)
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.order - b.item.order)
    .map(({ item, index }) => ({
      key: item.id,
      label: item.title,
      isWidget: false,
      when: item.when,
      pointer: `${navPointer(key)}/${String(index)}`,
    }));
}

/** One change of the draft against the published manifest, for the words of the diff. */
export type Change =
  | { kind: 'moved'; list: string; label: string; from: number; to: number }
  | { kind: 'hidden' | 'shown' | 'ruleChanged' | 'added' | 'removed'; list: string; label: string }
  | { kind: 'resized'; list: string; label: string; from: number; to: number }
  | { kind: 'other'; section: string };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What changed in the lists the studio edits, and which other sections changed at all. */
export function diffManifests(before: StudioConfig, after: StudioConfig): Change[] {
  const changes: Change[] = [];
  for (const key of listsOf(after)) {
    const list = listKeyId(key);
    const old = itemsOf(before, key);
    const now = itemsOf(after, key);
    const identity = (item: ListItem) => (item.isWidget ? item.label : item.key);
    const oldIds = old.map(identity);
    const nowIds = now.map(identity);
    const kept = nowIds.filter((id) => oldIds.includes(id));
    const stayed = longestKeptOrder(kept.map((id) => oldIds.indexOf(id)));
    now.forEach((item) => {
      const id = identity(item);
      const previous = old.find((candidate) => identity(candidate) === id);
      if (previous === undefined) {
        changes.push({ kind: 'added', list, label: item.label });
        return;
      }
      // Moved: outside the longest run that kept its relative order (others only shifted around it).
      const rank = kept.indexOf(id);
      if (!stayed.has(rank)) {
        const keptBefore = oldIds.filter((candidate) => nowIds.includes(candidate));
        changes.push({
          kind: 'moved',
          list,
          label: item.label,
          from: keptBefore.indexOf(id) + 1,
          to: rank + 1,
        });
      }
      if (!same(previous.when, item.when)) {
        const kind = item.when === false ? 'hidden' : previous.when === false ? 'shown' : 'ruleChanged';
        changes.push({ kind, list, label: item.label });
      }
      if (previous.size !== undefined && item.size !== undefined && previous.size !== item.size)
        changes.push({ kind: 'resized', list, label: item.label, from: previous.size, to: item.size });
    });
    for (const item of old)
      if (!nowIds.includes(identity(item))) changes.push({ kind: 'removed', list, label: item.label });
  }
  const edited = new Set(['sidebar', 'walletTabs', 'overviewTabs', 'homeWidgets']);
  for (const section of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (edited.has(section)) continue;
    if (!same((before as Record<string, unknown>)[section], (after as Record<string, unknown>)[section]))
      changes.push({ kind: 'other', section });
  }
  return changes;
}

/** Positions of a longest increasing subsequence of `ranks` (the items that did not move). */
function longestKeptOrder(ranks: readonly number[]): Set<number> {
  const length = ranks.map(() => 1);
  const previous = ranks.map(() => -1);
  ranks.forEach((rank, i) => {
    for (let j = 0; j < i; j += 1) {
      if ((ranks[j] ?? 0) < rank && (length[j] ?? 0) + 1 > (length[i] ?? 0)) {
        length[i] = (length[j] ?? 0) + 1;
        previous[i] = j;
      }
    }
  });
  let end = length.indexOf(Math.max(0, ...length));
  const kept = new Set<number>();
  while (end >= 0) {
    kept.add(end);
    end = previous[end] ?? -1;
  }
  return kept;
}

/** A translation function over the studio namespace (locales/<lng>/studio.json). */
export type StudioTranslate = (key: string, options?: Record<string, unknown>) => string;

/** The title of a list as the studio shows it. */
export function listTitle(t: StudioTranslate, key: ListKey, config: StudioConfig): string {
  if (key.kind === 'widgets')
    return t('lists.widgets', { set: config.homeWidgets.sets[key.set]?.id ?? String(key.set) });
  if (key.kind === 'walletTabs') return t(`lists.walletTabs.${key.variant}`);
  return t(`lists.${key.kind}`);
}

/**
 * One change in words (keys `diff.*` of the studio namespace). `label` turns a nav item's title key into
 * its text; widgets are named by their reference.
 */
export function describeChange(
  t: StudioTranslate,
  change: Change,
  config: StudioConfig,
  label: (key: string) => string,
): string {
  if (change.kind === 'other') return t('diff.other', { section: change.section });
  const key = listsOf(config).find((candidate) => listKeyId(candidate) === change.list);
  const list = key === undefined ? change.list : listTitle(t, key, config);
  const name = change.list.startsWith('widgets.') ? change.label : label(change.label);
  const base = { list, name };
  if (change.kind === 'moved' || change.kind === 'resized')
    return t(`diff.${change.kind}`, { ...base, from: change.from, to: change.to });
  return t(`diff.${change.kind}`, base);
}
