import { NativeSelect, TextInput } from '@mantine/core';
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

export type FilterSelectProps = {
  table: TableState;
  /** The filter's key in the address (one of the table's `filterKeys`). */
  filter: string;
  label: string;
  /** The first choice, which removes the filter ("All statuses"). */
  allLabel: string;
  options: readonly { value: string; label: string }[];
};

/**
 * A `DataTable` toolbar's select bound to one filter of the address: "all" first, then the options; a
 * value that is not among them shows as "all".
 *
 * @example
 * <FilterSelect table={table} filter="status" label={t('x.filter')} allLabel={t('x.allStatuses')}
 *   options={STATUSES.map((value) => ({ value, label: t(`x.statuses.${value}`) }))} />
 */
export function FilterSelect({ table, filter, label, allLabel, options }: FilterSelectProps) {
  const current = table.query.filters[filter];
  return (
    <NativeSelect
      label={label}
      value={options.some((option) => option.value === current) ? current : ''}
      onChange={(event) => table.setFilter(filter, event.currentTarget.value)}
      data={[{ value: '', label: allLabel }, ...options]}
    />
  );
}

/** A `DataTable` toolbar's two day inputs bound to the `from` and `to` filters of the address. */
export function DateRangeFilter({
  table,
  labels,
}: {
  table: TableState;
  labels: { from: string; to: string };
}) {
  return (['from', 'to'] as const).map((key) => (
    <TextInput
      key={key}
      type="date"
      label={labels[key]}
      value={table.query.filters[key] ?? ''}
      onChange={(event) => table.setFilter(key, event.currentTarget.value)}
    />
  ));
}
