import {
  Alert,
  Button,
  Checkbox,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableState } from './table-state.ts';
import { HiddenCaption } from './visually-hidden.tsx';

/** One page of a server-side list; the shape of SPEC 3's page response. */
export type DataPage<Row> = {
  items: readonly Row[];
  currentPage: number;
  totalPage: number;
  totalItems: number;
};

/**
 * A column, declared as data: its header, how a row shows in it, and whether the gateway can sort by it
 * (the key is sent as `sort`).
 *
 * @example
 * const columns: DataColumn<Doc>[] = [{ key: 'name', header: t('docs.name'), sortable: true, render: (d) => d.name }];
 */
export type DataColumn<Row> = {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Right-aligned, tabular figures (amounts, sizes). */
  numeric?: boolean;
};

export type DataTableSelection<Key> = {
  selected: ReadonlySet<Key>;
  onChange: (next: ReadonlySet<Key>) => void;
  /** The accessible name of a row's check box, e.g. "Select Bilan 2025.pdf". */
  rowLabel: (key: Key) => string;
};

/** What the table reads of a list query: RTK Query's result hooks give exactly this shape. */
export type DataResult<Row> = {
  /** The current page; undefined while the first one loads. */
  data?: DataPage<Row> | undefined;
  isLoading: boolean;
  /** A newer page is on its way: the current one stays visible, marked busy. */
  isFetching?: boolean;
  isError: boolean;
  /** Asks again (the error's retry button). */
  refetch: () => unknown;
};

export type DataTableProps<Row, Key extends string | number> = {
  /** The table's accessible name (a visually hidden caption). */
  caption: string;
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => Key;
  table: TableState;
  /** The list query's state, as a data hook (RTK Query's) gives it. */
  result: DataResult<Row>;
  emptyMessage: string;
  /** Shows the search box, with this label. */
  searchLabel?: string;
  /** Filters and actions shown above the table, beside the search box. */
  toolbar?: ReactNode;
  selection?: DataTableSelection<Key>;
  /** Rows to mark (a notification's new document, a just-created item). */
  highlighted?: Key | undefined;
};

const SKELETON_ROWS = 5;

/**
 * The one list of the portal: server-side sort, search and pagination whose state lives in the address
 * (useTableState), a skeleton while loading, an empty state, an error with retry, keyboard-operable sort
 * buttons and pagination, and a horizontal scroll on narrow screens.
 *
 * @example
 * const table = useTableState({ defaultSort: 'date', defaultOrder: 'desc' });
 * const reports = useReportsQuery({ accountId, ...table.query });
 * <DataTable caption={t('reports.title')} columns={columns} rowKey={(r) => r.id} table={table}
 *   result={reports} emptyMessage={t('reports.empty')} />
 */
export function DataTable<Row, Key extends string | number>(props: DataTableProps<Row, Key>) {
  const { caption, columns, rowKey, table, result } = props;
  const { data, isLoading, isFetching = false, isError } = result;
  const onRetry = () => void result.refetch();
  const { emptyMessage, searchLabel, toolbar, selection, highlighted } = props;
  const { t } = useTranslation();
  const { query } = table;
  const items = data?.items ?? [];
  const pageKeys = items.map(rowKey);
  const allSelected =
    selection !== undefined && pageKeys.length > 0 && pageKeys.every((key) => selection.selected.has(key));
  const someSelected = selection !== undefined && pageKeys.some((key) => selection.selected.has(key));

  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const key of pageKeys) {
      if (allSelected) next.delete(key);
      else next.add(key);
    }
    selection.onChange(next);
  };
  const toggleOne = (key: Key) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };

  const header = (
    <Table.Tr>
      {selection ? (
        <Table.Th w={40}>
          <Checkbox
            aria-label={t('table.selectPage')}
            checked={allSelected}
            indeterminate={someSelected && !allSelected}
            onChange={toggleAll}
            disabled={items.length === 0}
          />
        </Table.Th>
      ) : null}
      {columns.map((column) => {
        const sorted = query.sort === column.key;
        const ariaSort = sorted ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined;
        return (
          <Table.Th key={column.key} aria-sort={ariaSort} ta={column.numeric ? 'right' : undefined}>
            {column.sortable ? (
              <UnstyledButton
                onClick={() => table.toggleSort(column.key)}
                fw={700}
                fz="sm"
                aria-label={t(
                  sorted && query.order === 'asc' ? 'table.sortDescending' : 'table.sortAscending',
                  {
                    column: column.header,
                  },
                )}
              >
                {column.header}{' '}
                <span aria-hidden="true">{sorted ? (query.order === 'asc' ? '▲' : '▼') : '↕'}</span>
              </UnstyledButton>
            ) : (
              column.header
            )}
          </Table.Th>
        );
      })}
    </Table.Tr>
  );

  let body: ReactNode;
  if (isLoading && data === undefined) {
    body = Array.from({ length: SKELETON_ROWS }, (_, row) => (
      <Table.Tr key={row} aria-hidden="true">
        {selection ? <Table.Td /> : null}
        {columns.map((column) => (
          <Table.Td key={column.key}>
            <Skeleton height={14} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else {
    body = items.map((row) => {
      const key = rowKey(row);
      return (
        <Table.Tr
          key={key}
          {...(highlighted === key
            ? {
                'data-highlighted': '',
                bg: 'var(--mantine-color-yellow-light)',
                'aria-current': 'true' as const,
              }
            : {})}
        >
          {selection ? (
            <Table.Td>
              <Checkbox
                aria-label={selection.rowLabel(key)}
                checked={selection.selected.has(key)}
                onChange={() => toggleOne(key)}
              />
            </Table.Td>
          ) : null}
          {columns.map((column) => (
            <Table.Td
              key={column.key}
              ta={column.numeric ? 'right' : undefined}
              style={column.numeric ? { fontVariantNumeric: 'tabular-nums' } : undefined}
            >
              {column.render(row)}
            </Table.Td>
          ))}
        </Table.Tr>
      );
    });
  }

  return (
    <Stack gap="sm">
      {searchLabel !== undefined || toolbar !== undefined ? (
        <Group align="flex-end" gap="sm" wrap="wrap">
          {searchLabel === undefined ? null : (
            <TextInput
              type="search"
              label={searchLabel}
              value={table.searchInput}
              onChange={(event) => table.setSearchInput(event.currentTarget.value)}
              miw={220}
              style={{ flex: '1 1 220px' }}
            />
          )}
          {toolbar}
        </Group>
      ) : null}
      {isError ? (
        <Alert color="red" variant="light" title={t('table.errorTitle')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{data === undefined ? t('table.error') : t('table.errorKept')}</Text>
            <Button size="xs" variant="light" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {isError && data === undefined ? null : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover aria-busy={isLoading || isFetching} verticalSpacing="xs">
            <HiddenCaption>{caption}</HiddenCaption>
            <Table.Thead>{header}</Table.Thead>
            <Table.Tbody style={isFetching ? { opacity: 0.6 } : undefined}>{body}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data !== undefined && items.length === 0 && !isError ? (
        <Text c="dimmed" role="status">
          {emptyMessage}
        </Text>
      ) : null}
      {data !== undefined && data.totalItems > 0 ? (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" role="status">
            {t('table.count', { count: data.totalItems })}
          </Text>
          {data.totalPage > 1 ? (
            <Pagination
              total={data.totalPage}
              value={Math.min(query.page, data.totalPage)}
              onChange={table.setPage}
              size="sm"
              getItemProps={(page) => ({ 'aria-label': t('table.page', { page }) })}
              getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
              aria-label={t('table.pagination')}
            />
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
