import { Box, Checkbox, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Confirmation } from './confirm-action.tsx';
import type { DataColumn, DataTableRowActions, DataTableSelection } from './data-table.tsx';
import { RowActionMenu } from './row-actions.tsx';

type DataCardsProps<Row, Key extends string | number> = {
  caption: string;
  columns: readonly DataColumn<Row>[];
  items: readonly Row[];
  rowKey: (row: Row) => Key;
  /** The first page is on its way: placeholder cards. */
  loading: boolean;
  /** A newer page is on its way: the cards stay, marked busy. */
  busy: boolean;
  selection?: DataTableSelection<Key> | undefined;
  highlighted?: Key | undefined;
  rowActions?: DataTableRowActions<Row> | undefined;
  onConfirm: (confirmation: Confirmation) => void;
};

const PLACEHOLDERS = 3;

/** Long words (a file name, an e-mail) break rather than push the card, and the page, sideways. */
const WRAP = { overflowWrap: 'break-word', minWidth: 0 } as const;

/**
 * The rows of a `DataTable` on a narrow screen: one card each, in a list named like the table. The
 * card's title is the `title` column, the `status` column sits beside it, the other `field` columns
 * follow as labelled lines, and the row's actions are in a menu; the check box selects the row.
 */
export function DataCards<Row, Key extends string | number>(props: DataCardsProps<Row, Key>) {
  const { caption, columns, items, rowKey, loading, busy, selection, highlighted, rowActions, onConfirm } =
    props;
  const title = columns.find((column) => column.primary === 'title');
  const status = columns.filter((column) => column.primary === 'status');
  const fields = columns.filter((column) => column.primary === 'field');

  const list = (children: ReactNode) => (
    <Stack
      component="ul"
      aria-label={caption}
      aria-busy={loading || busy}
      gap="xs"
      m={0}
      p={0}
      style={{ listStyle: 'none', ...(busy ? { opacity: 0.6 } : {}) }}
    >
      {children}
    </Stack>
  );

  if (loading)
    return list(
      Array.from({ length: PLACEHOLDERS }, (_, index) => (
        <Paper component="li" key={index} withBorder radius="md" p="sm" aria-hidden="true">
          <Skeleton height={14} radius="sm" mb="xs" />
          <Skeleton height={12} width="60%" radius="sm" />
        </Paper>
      )),
    );

  return list(
    items.map((row) => {
      const key = rowKey(row);
      const marked = highlighted === key;
      const actions = rowActions?.of(row) ?? [];
      return (
        <Paper
          component="li"
          key={key}
          withBorder
          radius="md"
          p="sm"
          {...(marked
            ? {
                'data-highlighted': '',
                bg: 'var(--mantine-color-yellow-light)',
                'aria-current': 'true' as const,
              }
            : {})}
        >
          <Group gap="sm" wrap="nowrap" align="flex-start">
            {selection ? (
              <Checkbox
                mt={0}
                aria-label={selection.rowLabel(key)}
                checked={selection.selected.has(key)}
                onChange={() => {
                  const next = new Set(selection.selected);
                  if (next.has(key)) next.delete(key);
                  else next.add(key);
                  selection.onChange(next);
                }}
              />
            ) : null}
            <Box fw={600} fz="sm" style={{ ...WRAP, flex: 1 }}>
              {title?.render(row)}
            </Box>
            {status.map((column) => (
              <Box key={column.key} style={{ flexShrink: 0 }}>
                {column.render(row)}
              </Box>
            ))}
            {rowActions ? (
              <RowActionMenu actions={actions} onConfirm={onConfirm} rowName={rowActions.name(row)} />
            ) : null}
          </Group>
          {fields.length > 0 ? (
            <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" mt="xs" mb={0}>
              {fields.map((column) => (
                <Box key={column.key} style={WRAP}>
                  <Text component="dt" size="xs" c="dimmed">
                    {column.header}
                  </Text>
                  <Box
                    component="dd"
                    m={0}
                    fz="sm"
                    style={column.numeric ? { fontVariantNumeric: 'tabular-nums' } : undefined}
                  >
                    {column.render(row)}
                  </Box>
                </Box>
              ))}
            </SimpleGrid>
          ) : null}
        </Paper>
      );
    }),
  );
}
