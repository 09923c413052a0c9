import type { ReactNode } from 'react';
import { PlainTable } from './plain-table.tsx';
import type { PlainTableProps } from './plain-table.tsx';
import type { EmptyStateProps } from './empty-state.tsx';
import { QueryState } from './query-state.tsx';
import type { QueryResult, QueryStateProps } from './query-state.tsx';

export type QueryTableProps<Item> = Omit<PlainTableProps, 'children'> &
  Pick<QueryStateProps, 'error' | 'placeholder'> & {
    /** The list query's state, as a data hook (RTK Query's) gives it: its answer holds the rows. */
    result: QueryResult & { data?: { items: readonly Item[] } | undefined };
    /** The empty state (or one line) once the answer holds no row; absent, the page says it itself. */
    empty?: EmptyStateProps | string;
    /** An item's row (`Table.Tr`, with its key). */
    row: (item: Item) => ReactNode;
  };

/**
 * A short list a query brings, shown whole: the query's states (`QueryState`: the error with its retry,
 * the placeholder, the empty text) and, once it holds rows, a `PlainTable` of them.
 *
 * @example
 * <QueryTable result={subscriptions} error={{ title: t('x.error'), retryLabel: t('retry') }}
 *   empty={t('x.empty')} caption={t('x.caption')} headers={[t('x.name')]}
 *   row={(item) => <Table.Tr key={item.id}><Table.Td>{item.name}</Table.Td></Table.Tr>} />
 */
export function QueryTable<Item>({
  result,
  error,
  placeholder,
  empty,
  row,
  ...table
}: QueryTableProps<Item>) {
  const items = result.data?.items ?? [];
  return (
    <QueryState result={result} error={error} placeholder={placeholder} empty={items.length === 0 && empty}>
      {items.length > 0 ? <PlainTable {...table}>{items.map((item) => row(item))}</PlainTable> : null}
    </QueryState>
  );
}
