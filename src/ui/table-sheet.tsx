import { Button, Drawer, NativeSelect, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { activeFilterCount, TableFilters } from './table-filters.tsx';
import type { DataFilter } from './table-filters.tsx';
import type { SortOrder, TableState } from './table-state.ts';

const SHEET_STYLES = { content: { height: 'auto', flex: '0 0 auto', maxHeight: '90dvh' } } as const;

type SortFilterSheetProps = {
  table: TableState;
  /** The columns the gateway sorts by, with their headers. */
  sortable: readonly { key: string; header: string }[];
  filters: readonly DataFilter[];
  /** How many rows the list holds now, said on the button that closes the sheet. */
  count: number | undefined;
};

/**
 * The card layout's sort and filters: a button (which says how many filters are set) opens a bottom
 * sheet with the sort column and order, then the table's filters; every change applies at once, as it
 * does above the wide table, and the address keeps it.
 */
export function SortFilterSheet({ table, sortable, filters, count }: SortFilterSheetProps) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const active = activeFilterCount(table, filters);
  const { sort, order } = table.query;
  const firstSortable = sortable[0]?.key;
  return (
    <>
      <Button variant="default" onClick={open} aria-haspopup="dialog">
        {active === 0
          ? t('tablesOnPhones.sortAndFilter')
          : t('tablesOnPhones.sortAndFilterSet', { count: active })}
      </Button>
      <Drawer
        opened={opened}
        onClose={close}
        position="bottom"
        // As high as what it holds (Mantine's size="auto" resolves to no size, hence the full screen).
        styles={SHEET_STYLES}
        title={t('tablesOnPhones.sortAndFilter')}
        closeButtonProps={{ 'aria-label': t('tablesOnPhones.closeSheet') }}
      >
        <Stack gap="sm" pb="md">
          {firstSortable === undefined ? null : (
            <>
              <NativeSelect
                label={t('tablesOnPhones.sortBy')}
                value={sortable.some((column) => column.key === sort) ? sort : ''}
                onChange={(event) => table.setSort(event.currentTarget.value, order)}
                data={[
                  ...(sortable.some((column) => column.key === sort)
                    ? []
                    : [{ value: '', label: t('tablesOnPhones.noSort'), disabled: true }]),
                  ...sortable.map((column) => ({ value: column.key, label: column.header })),
                ]}
              />
              <NativeSelect
                label={t('tablesOnPhones.order')}
                value={order}
                onChange={(event) =>
                  table.setSort(
                    sort === undefined ? firstSortable : undefined,
                    event.currentTarget.value === 'desc' ? 'desc' : 'asc',
                  )
                }
                data={(['asc', 'desc'] as const satisfies readonly SortOrder[]).map((value) => ({
                  value,
                  label: t(`tablesOnPhones.orders.${value}`),
                }))}
              />
            </>
          )}
          <TableFilters table={table} filters={filters} />
          <Button onClick={close}>
            {count === undefined
              ? t('tablesOnPhones.showResultsUnknown')
              : t('tablesOnPhones.showResults', { count })}
          </Button>
        </Stack>
      </Drawer>
    </>
  );
}
