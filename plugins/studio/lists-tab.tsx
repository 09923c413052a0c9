import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { Dispatch } from 'react';
import { listKeyId, listTitle } from '@portal/plugin-api/studio';
import type {
  KnownPlugins,
  ListItem,
  ManifestProblem,
  StudioCondition,
  StudioConfig,
  StudioTranslate,
} from '@portal/plugin-api/studio';
import { ConditionEditor } from './condition-editor.tsx';
import { distinctNames, entryAddress } from './item-names.ts';
import { addWidget, chosenList, moveItem, removeWidget, setItemWhen, setWidgetSize } from './model.ts';
import { OrderedList } from './ordered-list.tsx';
import type { StudioAction, StudioState } from './studio-state.ts';
import { useT } from './translation.ts';

/** The manifest being edited, what it is checked against, and how an edit is made. */
type StudioDraft = {
  current: StudioConfig;
  problems: readonly ManifestProblem[];
  known: KnownPlugins;
  edit: (next: StudioConfig) => void;
  nameOf: (item: ListItem) => string;
};

export type ListsTabProps = {
  draft: StudioDraft;
  state: Pick<StudioState, 'listIndex' | 'selected' | 'widgetToAdd'>;
  dispatch: Dispatch<StudioAction>;
  /** Rules hidden in this session, so showing an item again gives it back its rule. */
  hiddenRules: Map<string, StudioCondition | undefined>;
};

/** The studio's first tab: a list of the manifest to reorder, show, hide, size, and the rule of an item. */
export function ListsTab({ draft, state, dispatch, hiddenRules }: ListsTabProps) {
  const { current, problems, known, edit } = draft;
  const { lists, key, items } = chosenList(current, state.listIndex);
  const { t } = useT();
  // Two entries of one name are told apart by the address each opens.
  const names = distinctNames(items, draft.nameOf, (item, name) => {
    const address = entryAddress(current, key, item);
    return address === undefined ? name : t('list.nameAt', { name, address });
  });
  const nameOf = (item: ListItem) => names.get(item.key) ?? draft.nameOf(item);
  // The engine's list titles take keys built at run time (lists.*).
  const words = t as unknown as StudioTranslate;
  const { selected, widgetToAdd } = state;
  const selectedItem = selected === null ? undefined : items[selected];
  return (
    <Stack>
      <Select
        label={t('lists.choose')}
        allowDeselect={false}
        data={lists.map((candidate, index) => ({
          value: String(index),
          label: listTitle(words, candidate, current),
        }))}
        value={String(state.listIndex)}
        onChange={(value) => dispatch({ type: 'listChosen', index: Number(value ?? 0) })}
        w={360}
      />
      <OrderedList
        title={listTitle(words, key, current)}
        items={items}
        nameOf={nameOf}
        selected={selected}
        problems={problems}
        sizesOf={(item) => (item.isWidget ? known.widgets.get(item.label)?.sizes : undefined)}
        onMove={(from, to) => {
          edit(moveItem(current, key, from, to));
          dispatch({ type: 'selected', index: null });
        }}
        onVisible={(position, visible) => {
          const item = items[position];
          if (item === undefined) return;
          const id = `${listKeyId(key)}/${item.key}`;
          if (!visible) hiddenRules.set(id, item.when);
          edit(setItemWhen(current, key, position, visible ? hiddenRules.get(id) : false));
        }}
        onSelect={(index) => dispatch({ type: 'selected', index })}
        onSize={(position, size) => {
          if (key.kind === 'widgets') edit(setWidgetSize(current, key.set, position, size));
        }}
        onRemove={
          key.kind === 'widgets' ? (position) => edit(removeWidget(current, key.set, position)) : undefined
        }
        footer={
          key.kind === 'widgets' ? (
            <Group align="flex-end">
              <Select
                label={t('lists.addWidget')}
                data={[...known.widgets.keys()]}
                value={widgetToAdd}
                onChange={(widget) => dispatch({ type: 'widgetChosen', widget })}
                searchable
                w={300}
              />
              <Button
                disabled={widgetToAdd === null}
                onClick={() => {
                  const size = known.widgets.get(widgetToAdd ?? '')?.sizes[0] ?? 2;
                  if (widgetToAdd !== null && (size === 1 || size === 2 || size === 3 || size === 4))
                    edit(addWidget(current, key.set, widgetToAdd, size));
                }}
              >
                {t('lists.add')}
              </Button>
            </Group>
          ) : null
        }
      />
      {selectedItem === undefined || selected === null ? null : (
        <Paper withBorder p="sm">
          <Title order={3}>{t('condition.title', { name: nameOf(selectedItem) })}</Title>
          <Group my="xs">
            <Button
              size="xs"
              variant="default"
              onClick={() => edit(setItemWhen(current, key, selected, undefined))}
            >
              {t('condition.none')}
            </Button>
          </Group>
          <ConditionEditor
            value={selectedItem.when ?? true}
            config={current}
            path={t('condition.root')}
            onChange={(when) => edit(setItemWhen(current, key, selected, when))}
          />
        </Paper>
      )}
      <Text role="status" c={problems.length === 0 ? 'dark' : 'red.9'} fw={600}>
        {problems.length === 0 ? t('validation.ok') : t('validation.problems', { count: problems.length })}
      </Text>
    </Stack>
  );
}
