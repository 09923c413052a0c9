import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { HiddenCaption } from './visually-hidden.tsx';

export type PlainTableProps = {
  /** The table's accessible name (a visually hidden caption). */
  caption: string;
  /** The column headers; false for a column not shown to this person. */
  headers: readonly (string | false)[];
  /** Scrolls sideways below this width; absent, the table never scrolls. */
  minWidth?: number;
  /** Tighter rows, for tables with actions. */
  compact?: boolean;
  /** The rows (`Table.Tr`). */
  children: ReactNode;
};

/**
 * A short list shown whole, without the paging, sorting and search of `DataTable` (a few rows per
 * entity): striped, with a hidden caption and a header row.
 *
 * @example
 * <PlainTable caption={t('x.caption')} headers={[t('x.name'), canEdit && t('x.actions')]}>
 *   {items.map((item) => <Table.Tr key={item.id}>...</Table.Tr>)}
 * </PlainTable>
 */
export function PlainTable({ caption, headers, minWidth, compact = false, children }: PlainTableProps) {
  const table = (
    <Table striped {...(compact ? { verticalSpacing: 'xs' } : {})}>
      <HiddenCaption>{caption}</HiddenCaption>
      <Table.Thead>
        <Table.Tr>
          {headers.map((header, index) =>
            header === false ? null : <Table.Th key={index}>{header}</Table.Th>,
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
  return minWidth === undefined ? (
    table
  ) : (
    // A region that scrolls sideways takes the focus, so a keyboard can scroll it (axe scrollable-region-focusable).
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={caption}>
      {table}
    </Table.ScrollContainer>
  );
}
