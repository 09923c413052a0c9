/*
 * The tests' list page: a DataTable over rows held in memory, answering the table's address (search on
 * the name, a `kind` filter, sort by name or size, pages of ten) as the gateway would, with the address
 * shown in an `address` output so a test reads what a link would share.
 */
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { DataTable } from './data-table.tsx';
import type { DataPage, DataTableProps } from './data-table.tsx';
import { useTableState } from './table-state.ts';
import type { TableStateOptions } from './table-state.ts';

export type HarnessRow = { id: number; name: string; size: number; kind?: string };
export type HarnessMode = 'ok' | 'loading' | 'error' | 'empty';

const PAGE_SIZE = 10;

type HarnessProps<Row extends HarnessRow> = Omit<
  DataTableProps<Row, number>,
  'caption' | 'rowKey' | 'table' | 'result' | 'emptyMessage'
> & {
  rows: readonly Row[];
  tableOptions: TableStateOptions;
  mode?: HarnessMode;
  onRetry?: () => void;
  /** More outputs beside the address. */
  children?: ReactNode;
};

export function TableHarness<Row extends HarnessRow>({
  rows,
  tableOptions,
  mode = 'ok',
  onRetry = () => undefined,
  children,
  ...props
}: HarnessProps<Row>) {
  const table = useTableState(tableOptions);
  const location = useLocation();
  const { page, search, sort, order, filters } = table.query;
  const matching = (mode === 'empty' ? [] : rows).filter(
    (row) => row.name.includes(search) && (filters['kind'] === undefined || row.kind === filters['kind']),
  );
  const sorted = [...matching].sort((a, b) => {
    const diff = sort === 'size' ? a.size - b.size : a.name.localeCompare(b.name);
    return order === 'asc' ? diff : -diff;
  });
  const data: DataPage<Row> | undefined =
    mode === 'loading' || mode === 'error'
      ? undefined
      : {
          items: sorted.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
          currentPage: page,
          totalPage: Math.max(1, Math.ceil(sorted.length / PAGE_SIZE)),
          totalItems: sorted.length,
        };
  return (
    <>
      <DataTable
        caption="Documents"
        rowKey={(row) => row.id}
        table={table}
        result={{ data, isLoading: mode === 'loading', isError: mode === 'error', refetch: onRetry }}
        emptyMessage="Aucun document"
        {...props}
      />
      <output aria-label="address">{location.search}</output>
      {children}
    </>
  );
}
