import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { TypedUseQuery } from '@reduxjs/toolkit/query/react';
import { allowedFilter, selectFilter } from './table-filters.tsx';
import type { DataFilter } from './table-filters.tsx';
import { listQuery, useDataList } from './table-state.ts';
import type { DataList, SortOrder } from './table-state.ts';

/** What a status list asks the gateway: the search, the status once one is picked, the page and the sort. */
export type StatusListArgs<Status extends string, Sort extends string> = {
  q: string;
  status?: Status;
  sort: Sort;
  order: SortOrder;
  page: number;
  pageSize: number;
};

export type StatusListOptions<Status extends string, Sort extends string> = {
  /** Every status, in the select's order; a status in the address that is not one of them is ignored. */
  statuses: readonly Status[];
  /** The sorts the gateway knows, the default first. */
  sorts: readonly [Sort, ...Sort[]];
  defaultOrder?: SortOrder;
  pageSize: number;
  /** The status select's words: its label, its "all" option, each status. */
  filter: { label: string; allLabel: string; labelOf: (status: Status) => string };
};

/**
 * A list searched by its box and filtered by status, a closed list, the filter said once: kept in the
 * address as `status`, sent to the gateway when it is one of `statuses`, and drawn as the table's select.
 * Gives what a `DataTable` reads: `<DataTable {...requests} caption={…} columns={columns} … />`.
 *
 * @example
 * const requests = useStatusList(useRequestsQuery, {
 *   statuses: ['pending', 'done'],
 *   sorts: ['createdAt', 'name'],
 *   defaultOrder: 'desc',
 *   pageSize: 20,
 *   filter: { label: t('filter'), allLabel: t('allStatuses'), labelOf: (value) => t(`statuses.${value}`) },
 * });
 */
export function useStatusList<
  Page,
  Status extends string,
  Sort extends string,
  BaseQuery extends BaseQueryFn,
>(
  useListQuery: TypedUseQuery<Page, StatusListArgs<Status, Sort>, BaseQuery>,
  options: StatusListOptions<Status, Sort>,
): DataList<Page, StatusListArgs<Status, Sort>, BaseQuery> & { filters: readonly DataFilter[] } {
  const { statuses, sorts, defaultOrder = 'asc', pageSize, filter } = options;
  const list = useDataList(
    useListQuery,
    { defaultSort: sorts[0], defaultOrder, filterKeys: ['status'] },
    (table) => {
      const status = allowedFilter(table, 'status', statuses);
      return {
        q: table.query.search,
        ...(status === undefined ? {} : { status }),
        ...listQuery(table, sorts, pageSize),
      };
    },
  );
  const { labelOf, ...labels } = filter;
  return { ...list, filters: [selectFilter('status', labels, statuses, labelOf)] };
}
