import { NativeSelect, TextInput } from '@mantine/core';
import { Fragment } from 'react';
import type { ReactNode } from 'react';
import type { TableState } from './table-state.ts';

/** The filter's value when it is one of `allowed` (a hand-edited address may hold anything). */
export function allowedFilter<Value extends string>(
  table: TableState,
  key: string,
  allowed: readonly Value[],
): Value | undefined {
  const value = table.query.filters[key];
  return allowed.find((candidate) => candidate === value);
}

/** The filter's value when it is a whole number (an id, a folder): a hand-edited address may hold anything. */
export function numberFilter(table: TableState, key: string): number | undefined {
  const value = table.query.filters[key];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** The filter's value when it is a month (`YYYY-MM`), as a `month` filter or a month select sets it. */
export function monthFilter(table: TableState, key: string): string | undefined {
  const value = table.query.filters[key];
  return value !== undefined && /^\d{4}-\d{2}$/.test(value) ? value : undefined;
}

/**
 * A `select` filter of a closed list of values (statuses, kinds), each said by `labelOf`.
 *
 * @example
 * selectFilter('status', { label: t('x.filter'), allLabel: t('x.allStatuses') }, STATUSES,
 *   (value) => t(`x.statuses.${value}`))
 */
export function selectFilter<Value extends string>(
  key: string,
  labels: { label: string; allLabel: string },
  values: readonly Value[],
  labelOf: (value: Value) => string,
): DataFilter {
  return {
    kind: 'select',
    key,
    ...labels,
    options: values.map((value) => ({ value, label: labelOf(value) })),
  };
}

/**
 * A filter of a `DataTable`, declared as data: the table draws it beside the search box on a wide
 * screen and in its sort-and-filter sheet on a narrow one, and counts it when it is set.
 * - `select`: one filter of the address, "all" first ("All statuses"), then the options; a value that is
 *   not among them shows as "all".
 * - `dateRange`: two day inputs bound to the `from` and `to` filters.
 * - `month`: a month input bound to one filter (`YYYY-MM`).
 * - `custom`: the page's own control (a period with its own rule, an amount kept as typed), counted as
 *   set when one of `keys` is in the address.
 */
export type DataFilter =
  | {
      kind: 'select';
      key: string;
      label: string;
      allLabel: string;
      options: readonly { value: string; label: string }[];
    }
  | { kind: 'dateRange'; labels: { from: string; to: string } }
  | { kind: 'month'; key: string; label: string }
  | { kind: 'custom'; keys: readonly string[]; node: ReactNode };

const keysOf = (filter: DataFilter): readonly string[] =>
  filter.kind === 'dateRange' ? ['from', 'to'] : filter.kind === 'custom' ? filter.keys : [filter.key];

/** How many of the filters are set in the address (the sheet's button says it). */
export function activeFilterCount(table: TableState, filters: readonly DataFilter[]): number {
  return filters.filter((filter) => keysOf(filter).some((key) => table.query.filters[key] !== undefined))
    .length;
}

/** The controls of `filters`, bound to the table's address. */
export function TableFilters({ table, filters }: { table: TableState; filters: readonly DataFilter[] }) {
  return filters.map((filter, index) => {
    switch (filter.kind) {
      case 'select': {
        const current = table.query.filters[filter.key];
        const known = filter.options.some((option) => option.value === current);
        return (
          <NativeSelect
            key={filter.key}
            label={filter.label}
            value={known ? current : ''}
            onChange={(event) => table.setFilter(filter.key, event.currentTarget.value)}
            data={[{ value: '', label: filter.allLabel }, ...filter.options]}
          />
        );
      }
      case 'dateRange':
        return (['from', 'to'] as const).map((key) => (
          <TextInput
            key={key}
            type="date"
            label={filter.labels[key]}
            value={table.query.filters[key] ?? ''}
            onChange={(event) => table.setFilter(key, event.currentTarget.value)}
          />
        ));
      case 'month':
        return (
          <TextInput
            key={filter.key}
            type="month"
            label={filter.label}
            value={table.query.filters[filter.key] ?? ''}
            onChange={(event) => table.setFilter(filter.key, event.currentTarget.value)}
          />
        );
      case 'custom':
        return <Fragment key={`custom-${String(index)}`}>{filter.node}</Fragment>;
    }
  });
}
