import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { TypedUseQuery, TypedUseQueryHookResult } from '@reduxjs/toolkit/query/react';

/** SPEC 3 sort orders. */
export type SortOrder = 'asc' | 'desc';

/** What a list asks the gateway for: read from the address, so a link or the back button restores it. */
export type TableQuery = {
  page: number;
  search: string;
  sort: string | undefined;
  order: SortOrder;
  /** The list's own filters (period, kind, folder...), by name; absent when not set. */
  filters: Readonly<Record<string, string>>;
};

export type TableStateOptions = {
  defaultSort?: string;
  defaultOrder?: SortOrder;
  /** The names of the list's filters kept in the address. */
  filterKeys?: readonly string[];
  /** Prefixes the query parameters when two lists share a page. */
  prefix?: string;
  /** Delay between the last key typed in the search box and the new query; 300 ms by default. */
  searchDelayMs?: number;
};

export type TableState = {
  query: TableQuery;
  /** What is in the search box now (the query follows after the delay). */
  searchInput: string;
  setSearchInput: (value: string) => void;
  /** Sorts by this column: ascending first, then toggles. */
  toggleSort: (key: string) => void;
  /**
   * Sorts by this column in this order (the phone's sort sheet picks both); no column keeps the newest
   * one asked for, so an order picked right after a column applies to that column.
   */
  setSort: (key: string | undefined, order: SortOrder) => void;
  setPage: (page: number) => void;
  /** Sets or clears (undefined or '') a filter and goes back to the first page. */
  setFilter: (key: string, value: string | undefined) => void;
};

function positivePage(value: string | null): number {
  return value !== null && /^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : 1;
}

/**
 * The state of a server-side list (page, search, sort, filters) kept in the address's query, so a link
 * shares it and the back button restores it. Typing in the search box updates the address after a short
 * pause and replaces the history entry rather than adding one per key.
 *
 * @example
 * const table = useTableState({ defaultSort: 'date', defaultOrder: 'desc', filterKeys: ['period'] });
 * const result = useDocumentsQuery({ accountId, ...table.query });
 */
export function useTableState(options: TableStateOptions = {}): TableState {
  const { defaultSort, defaultOrder = 'asc', filterKeys = [], prefix = '', searchDelayMs = 300 } = options;
  const [params, setParams] = useSearchParams();
  const name = useCallback((key: string) => `${prefix}${key}`, [prefix]);

  const filterKeysText = filterKeys.join('\n');
  const query = useMemo<TableQuery>(() => {
    const order = params.get(name('order'));
    const filters: Record<string, string> = {};
    for (const key of filterKeysText === '' ? [] : filterKeysText.split('\n')) {
      const value = params.get(name(key));
      if (value !== null && value !== '') filters[key] = value;
    }
    return {
      page: positivePage(params.get(name('page'))),
      search: params.get(name('q')) ?? '',
      sort: params.get(name('sort')) ?? defaultSort,
      order: order === 'asc' || order === 'desc' ? order : defaultOrder,
      filters,
    };
  }, [params, name, defaultSort, defaultOrder, filterKeysText]);

  // The router hands each render's params to the update function, so two changes made before the page draws
  // again (a debounced search landing just as a filter is set) would each start from the same address and the
  // second would drop the first. Changes chain on the newest address asked for instead.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const update = useCallback(
    (changes: Readonly<Record<string, string | undefined>>, replace = false) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(name(key));
        else next.set(name(key), value);
      }
      latest.current = next;
      setParams(next, { replace });
    },
    [setParams, name],
  );

  const [searchInput, setSearchInputState] = useState(query.search);
  const typed = useRef(false);
  // The address changed by itself (back button, a link): the box follows it.
  useEffect(() => {
    if (!typed.current) setSearchInputState(query.search);
  }, [query.search]);
  useEffect(() => {
    if (!typed.current) return undefined;
    const timer = setTimeout(() => {
      typed.current = false;
      if (searchInput.trim() !== query.search) update({ q: searchInput.trim(), page: undefined }, true);
    }, searchDelayMs);
    return () => clearTimeout(timer);
  }, [searchInput, query.search, searchDelayMs, update]);

  const setSearchInput = useCallback((value: string) => {
    typed.current = true;
    setSearchInputState(value);
  }, []);

  const setSort = useCallback(
    (key: string | undefined, order: SortOrder) =>
      update({ sort: key ?? latest.current.get(name('sort')) ?? defaultSort, order, page: undefined }),
    [update, name, defaultSort],
  );
  const toggleSort = useCallback(
    (key: string) => setSort(key, query.sort === key && query.order === 'asc' ? 'desc' : 'asc'),
    [query.sort, query.order, setSort],
  );
  const setPage = useCallback(
    (page: number) => update({ page: page <= 1 ? undefined : String(page) }),
    [update],
  );
  const setFilter = useCallback(
    (key: string, value: string | undefined) => update({ [key]: value, page: undefined }),
    [update],
  );

  return { query, searchInput, setSearchInput, toggleSort, setSort, setPage, setFilter };
}

/**
 * What a list query sends of the table besides its filters: the page, its size, the order and the sort,
 * the one the address asks for when the gateway knows it, else the first of `sorts`.
 *
 * @example
 * const SORTS = ['createdAt', 'name'] as const;
 * useThingsQuery({ ...listQuery(table, SORTS, 20), q: table.query.search });
 */
export function listQuery<Sort extends string>(
  table: TableState,
  sorts: readonly [Sort, ...Sort[]],
  pageSize: number,
) {
  const { sort, order, page } = table.query;
  return { sort: sorts.find((key) => key === sort) ?? sorts[0], order, page, pageSize };
}

/** The options a list query's hook takes besides its arguments. */
export type DataListQueryOptions = { skip?: boolean; refetchOnMountOrArgChange?: boolean };

/**
 * A list's table state with its query's answer: what a `DataTable` reads (`<DataTable {...list} />`).
 * Types only from RTK Query: its hooks are what a plugin's list queries are.
 */
export type DataList<Page, Args, BaseQuery extends BaseQueryFn> = {
  table: TableState;
  result: TypedUseQueryHookResult<Page, Args, BaseQuery>;
};

/**
 * A server-side list: its state in the address (`useTableState`) and the list query asked from that state,
 * the two a `DataTable` reads. The arguments are made from the table: its page, sort, search and filters.
 *
 * @example
 * const SORTS = ['createdAt', 'name'] as const;
 * const things = useDataList(useThingsQuery, { defaultSort: 'createdAt', defaultOrder: 'desc' }, (table) => ({
 *   q: table.query.search,
 *   ...listQuery(table, SORTS, 20),
 * }));
 * <DataTable {...things} caption={t('things.caption')} columns={columns} rowKey={(row) => row.id} ... />
 */
export function useDataList<Page, Args, BaseQuery extends BaseQueryFn>(
  useListQuery: TypedUseQuery<Page, Args, BaseQuery>,
  options: TableStateOptions & DataListQueryOptions,
  argsOf: (table: TableState) => NoInfer<Args>,
): DataList<Page, Args, BaseQuery> {
  const { skip = false, refetchOnMountOrArgChange = false, ...tableOptions } = options;
  const table = useTableState(tableOptions);
  // RTK Query spells the hook's argument through its endpoint definition; it is `Args`.
  const args = argsOf(table) as Parameters<typeof useListQuery>[0];
  const result = useListQuery(args, { skip, refetchOnMountOrArgChange });
  return { table, result };
}
