import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { DragEndEvent } from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Button, Group, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ManifestProblem } from '@portal/plugin-api/studio';
import type { ListItem } from '@portal/plugin-api/studio';
import { useT } from './translation.ts';
import { problemText } from './problem-text.ts';

type RowProps = {
  item: ListItem;
  name: string;
  position: number;
  count: number;
  selected: boolean;
  problems: readonly ManifestProblem[];
  sizes: readonly number[] | undefined;
  onMove: (from: number, to: number) => void;
  onVisible: (visible: boolean) => void;
  onSelect: () => void;
  onSize: (size: 1 | 2 | 3 | 4) => void;
  onRemove: (() => void) | undefined;
};

/** The up and down buttons: a step in the list, the arrow a row shows, what it says to a screen reader. */
const MOVES = [
  { step: -1, arrow: '↑', label: 'list.up' },
  { step: 1, arrow: '↓', label: 'list.down' },
] as const;

type RowButtonProps = Pick<ButtonProps, 'variant' | 'color' | 'disabled' | 'children'> & {
  /** The accessible name, which names the row ("Move Home up"): the visible text is short. */
  label: string;
  onClick: () => void;
};

/** One of a row's small buttons. */
function RowButton({ label, ...button }: RowButtonProps) {
  return <Button size="xs" aria-label={label} {...button} />;
}

function Row({ item, name, position, count, selected, problems, sizes, ...on }: RowProps) {
  const { t } = useT();
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id: item.key });
  const style = { transform: CSS.Transform.toString(transform), transition };
  return (
    <li ref={setNodeRef} style={style} aria-label={name}>
      {/* The selected row is outlined, not tinted: a tint under the light buttons fails contrast (axe). */}
      <Paper
        withBorder
        p="xs"
        style={selected ? { borderColor: 'var(--mantine-color-blue-filled)', borderWidth: 2 } : undefined}
      >
        <Group justify="space-between" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <ActionIcon variant="subtle" aria-label={t('list.drag', { name })} {...attributes} {...listeners}>
              ⠿
            </ActionIcon>
            <Text fw={500} td={item.when === false ? 'line-through' : undefined}>
              {name}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {MOVES.map(({ step, arrow, label }) => (
              <RowButton
                key={label}
                variant="default"
                disabled={position + step < 0 || position + step >= count}
                label={t(label, { name })}
                onClick={() => on.onMove(position, position + step)}
              >
                {arrow}
              </RowButton>
            ))}
            {sizes === undefined ? null : (
              <Select
                size="xs"
                w={90}
                aria-label={t('list.size', { name })}
                allowDeselect={false}
                data={sizes.map((size) => ({ value: String(size), label: t('list.cells', { count: size }) }))}
                value={String(item.size ?? 1)}
                onChange={(value) => {
                  const size = Number(value);
                  if (size === 1 || size === 2 || size === 3 || size === 4) on.onSize(size);
                }}
              />
            )}
            <Switch
              label={t('list.visible')}
              aria-label={t('list.visibleOf', { name })}
              checked={item.when !== false}
              onChange={(event) => {
                on.onVisible(event.currentTarget.checked);
              }}
            />
            <RowButton variant="light" label={t('list.editRuleOf', { name })} onClick={on.onSelect}>
              {t('list.editRule')}
            </RowButton>
            {on.onRemove === undefined ? null : (
              <RowButton
                variant="subtle"
                color="red"
                label={t('list.removeOf', { name })}
                onClick={on.onRemove}
              >
                {t('list.remove')}
              </RowButton>
            )}
          </Group>
        </Group>
        {problems.map((problem) => (
          <Text key={`${problem.pointer} ${problem.message}`} c="red.9" size="sm" role="note">
            {t('list.problem', { pointer: problem.pointer, message: problemText(problem, t) })}
          </Text>
        ))}
      </Paper>
    </li>
  );
}

type OrderedListProps = {
  title: string;
  items: readonly ListItem[];
  nameOf: (item: ListItem) => string;
  selected: number | null;
  problems: readonly ManifestProblem[];
  sizesOf: (item: ListItem) => readonly number[] | undefined;
  onMove: (from: number, to: number) => void;
  onVisible: (position: number, visible: boolean) => void;
  onSelect: (position: number) => void;
  onSize: (position: number, size: 1 | 2 | 3 | 4) => void;
  onRemove: ((position: number) => void) | undefined;
  footer?: ReactNode;
};

/**
 * A list of the manifest that a person reorders by dragging (pointer, or Space then the arrows then
 * Space), or with the up and down buttons; each row shows its problems.
 */
export function OrderedList(props: OrderedListProps) {
  const { t } = useT();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = props.items.map((item) => item.key);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over === null) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) props.onMove(from, to);
  };
  const names = new Map(props.items.map((item) => [item.key, props.nameOf(item)]));
  const nameOfId = (id: string | number) => names.get(String(id)) ?? String(id);
  return (
    <Stack gap="xs">
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: {
            onDragStart: ({ active }) => t('list.announce.start', { name: nameOfId(active.id) }),
            onDragOver: ({ active, over }) =>
              over === null
                ? ''
                : t('list.announce.over', {
                    name: nameOfId(active.id),
                    position: ids.indexOf(String(over.id)) + 1,
                  }),
            onDragEnd: ({ active, over }) =>
              over === null
                ? t('list.announce.cancel', { name: nameOfId(active.id) })
                : t('list.announce.end', {
                    name: nameOfId(active.id),
                    position: ids.indexOf(String(over.id)) + 1,
                  }),
            onDragCancel: ({ active }) => t('list.announce.cancel', { name: nameOfId(active.id) }),
          },
          screenReaderInstructions: { draggable: t('list.instructions') },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ul
            aria-label={props.title}
            style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 6 }}
          >
            {props.items.map((item, position) => (
              <Row
                key={item.key}
                item={item}
                name={props.nameOf(item)}
                position={position}
                count={props.items.length}
                selected={props.selected === position}
                problems={props.problems.filter(
                  (problem) =>
                    problem.pointer === item.pointer || problem.pointer.startsWith(`${item.pointer}/`),
                )}
                sizes={props.sizesOf(item)}
                onMove={props.onMove}
                onVisible={(visible) => {
                  props.onVisible(position, visible);
                }}
                onSelect={() => {
                  props.onSelect(position);
                }}
                onSize={(size) => {
                  props.onSize(position, size);
                }}
                onRemove={
                  props.onRemove === undefined
                    ? undefined
                    : () => {
                        props.onRemove?.(position);
                      }
                }
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      {props.footer}
    </Stack>
  );
}
