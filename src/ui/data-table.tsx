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
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-action.tsx';
import type { Confirmation } from './confirm-action.tsx';
import { DataCards } from './data-cards.tsx';
import { EmptyState, isBlankList } from './empty-state.tsx';
import type { EmptyStateProps } from './empty-state.tsx';
import { RowActionButtons } from './row-actions.tsx';
import type { RowAction } from './row-actions.tsx';
import { TableFilters } from './table-filters.tsx';
import type { DataFilter } from './table-filters.tsx';
import { SortFilterSheet } from './table-sheet.tsx';
import type { TableState } from './table-state.ts';
import { useNarrow } from './use-narrow.ts';
import { HiddenCaption } from './visually-hidden.tsx';

/** One page of a server-side list; the shape of SPEC 3's page response. */
export type DataPage<Row> = {
  items: readonly Row[];
  currentPage: number;
  totalPage: number;
  totalItems: number;
};

/**
 * A column, declared as data: its header, how a row shows in it, whether the gateway can sort by it
 * (the key is sent as `sort`), and whether it is one of the key fields a card keeps on a narrow screen.
 *
 * @example
 * const columns: DataColumn<Doc>[] = [
 *   { key: 'name', header: t('docs.name'), sortable: true, primary: 'title', render: (d) => d.name },
 * ];
 */
export type DataColumn<Row> = {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Right-aligned, tabular figures (amounts, sizes). */
  numeric?: boolean;
  /**
   * A key field, kept on the row's card below `CARDS_BELOW`: `title` heads the card (one column),
   * `status` sits beside the title, `field` is a labelled line under it. Absent: shown in the table only
   * (still sortable from the card layout's sheet).
   */
  primary?: 'title' | 'status' | 'field';
};

/** The actions of each row, as data: buttons in the table's last column, a menu on a card. */
export type DataTableRowActions<Row> = {
  /** The table's header of the actions column; "Actions" by default. */
  header?: string;
  /** Names the row for its action menu ("Actions: Bilan 2025.pdf"). */
  name: (row: Row) => string;
  /** The row's actions the person may take (an empty list: none, no button). */
  of: (row: Row) => readonly RowAction[];
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
  /**
   * The empty state shown instead of the whole table while the list holds nothing at all (loaded, empty,
   * on its first page, neither searched nor filtered); a search that matches nothing keeps the table.
   */
  blank?: EmptyStateProps;
  /** Shows the search box, with this label. */
  searchLabel?: string;
  /** The list's filters, as data: beside the search box, or in the sort-and-filter sheet on a narrow screen. */
  filters?: readonly DataFilter[];
  /** Actions on the whole list (an export, a selection's download), always in view above it. */
  toolbar?: ReactNode;
  rowActions?: DataTableRowActions<Row>;
  selection?: DataTableSelection<Key>;
  /** Rows to mark (a notification's new document, a just-created item). */
  highlighted?: Key | undefined;
};

const SKELETON_ROWS = 5;

/**
 * Below this width of its own box the table shows cards. 640 px: the widest lists (documents: eight
 * columns with the check box and actions) still fit in the table above it without a cell cut below its
 * longest word, and a 390 px phone, or a tablet's content beside the 260 px entity sidebar, gets cards.
 */
const CARDS_BELOW = 640;

/**
 * The one list of the portal: server-side sort, search and pagination whose state lives in the address
 * (useTableState), a skeleton while loading, an empty state, an error with retry, keyboard-operable sort
 * buttons and pagination. Below `CARDS_BELOW` of its own width (a container query: the same list sits
 * beside the entity sidebar or alone), each row is a card of its `primary` columns with its actions in a
 * menu, and the sort and filters are in a sheet; above it, a table wider than its box scrolls inside it,
 * never the page.
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
  const { emptyMessage, searchLabel, filters = [], toolbar, selection, highlighted } = props;
  const { t } = useTranslation();
  const [measured, narrow] = useNarrow<HTMLDivElement>(CARDS_BELOW);
  const [confirming, setConfirming] = useState<Confirmation | null>(null);
  if (props.blank !== undefined && isBlankList(table.query, result)) return <EmptyState {...props.blank} />;
  const { query } = table;
  const items = data?.items ?? [];
  // No column of empty cells: once the rows are known, the actions column shows only if one row has an
  // action for this person (a customer without rights sees none).
  const declared = props.rowActions;
  const rowActions =
    declared !== undefined && (data === undefined || items.some((row) => declared.of(row).length > 0))
      ? declared
      : undefined;
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
      {rowActions ? <Table.Th>{rowActions.header ?? t('tablesOnPhones.actions')}</Table.Th> : null}
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
        {rowActions ? <Table.Td /> : null}
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
          {rowActions ? (
            <Table.Td>
              <RowActionButtons actions={rowActions.of(row)} onConfirm={setConfirming} />
            </Table.Td>
          ) : null}
        </Table.Tr>
      );
    });
  }

  const sortable = columns.filter((column) => column.sortable === true);
  const sheet = narrow && (sortable.length > 0 || filters.length > 0);
  const search =
    searchLabel === undefined ? null : (
      <TextInput
        type="search"
        label={searchLabel}
        value={table.searchInput}
        onChange={(event) => table.setSearchInput(event.currentTarget.value)}
        miw={narrow ? 0 : 220}
        style={{ flex: '1 1 220px' }}
      />
    );

  return (
    <Stack gap="sm" ref={measured}>
      {search !== null || filters.length > 0 || toolbar !== undefined ? (
        <Group align="flex-end" gap="sm" wrap="wrap">
          {search}
          {sheet ? (
            <SortFilterSheet table={table} sortable={sortable} filters={filters} count={data?.totalItems} />
          ) : narrow ? null : (
            <TableFilters table={table} filters={filters} />
          )}
          {toolbar}
        </Group>
      ) : null}
      {narrow && selection && items.length > 0 ? (
        <Checkbox
          label={t('table.selectPage')}
          checked={allSelected}
          indeterminate={someSelected && !allSelected}
          onChange={toggleAll}
        />
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
      {isError && data === undefined ? null : narrow ? (
        <DataCards
          caption={caption}
          columns={columns}
          items={items}
          rowKey={rowKey}
          loading={isLoading && data === undefined}
          busy={isFetching}
          selection={selection}
          highlighted={highlighted}
          rowActions={rowActions}
          onConfirm={setConfirming}
        />
      ) : (
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
      <ConfirmDialog confirmation={confirming} onClose={() => setConfirming(null)} />
    </Stack>
  );
}
