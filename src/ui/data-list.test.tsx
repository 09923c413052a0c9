import { cleanup, screen } from '@testing-library/react';
import type { TypedUseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithPortal } from '../testing/render-with-portal.tsx';
import { loadRealManifest } from '../testing/manifest.ts';
import { useStatusList } from './status-list.ts';
import type { DataFilter } from './table-filters.tsx';
import type { StatusListArgs } from './status-list.ts';
import { listQuery, useDataList } from './table-state.ts';

afterEach(cleanup);

type Page = { items: { id: number }[]; currentPage: number; totalPage: number; totalItems: number };
type Args = { q: string; sort: 'name' | 'date'; order: 'asc' | 'desc'; page: number; pageSize: number };

// Stands for a list query's hook: what it is asked, and one page as its answer.
const answer = {
  data: { items: [{ id: 7 }], currentPage: 2, totalPage: 2, totalItems: 21 },
  isLoading: false,
};
const useThingsQuery = vi.fn(() => answer) as unknown as TypedUseQuery<Page, Args, BaseQueryFn>;

function Harness({ skip }: { skip: boolean }) {
  const things = useDataList(
    useThingsQuery,
    { defaultSort: 'date', defaultOrder: 'desc', skip },
    (table) => ({
      q: table.query.search,
      ...listQuery(table, ['date', 'name'], 20),
    }),
  );
  return <output aria-label="rows">{things.result.data?.items.map((row) => row.id).join(',')}</output>;
}

describe('useDataList', () => {
  it('asks the list query for what the address says, and answers its page', async () => {
    await renderWithPortal(<Harness skip={false} />, {
      config: loadRealManifest(),
      route: '/list?q=bilan&sort=name&order=asc&page=2',
    });
    expect(screen.getByRole('status', { name: 'rows' })).toHaveTextContent('7');
    expect(useThingsQuery).toHaveBeenLastCalledWith(
      { q: 'bilan', sort: 'name', order: 'asc', page: 2, pageSize: 20 },
      { skip: false, refetchOnMountOrArgChange: false },
    );
  });

  it('takes the table defaults when the address says nothing, and waits when told to skip', async () => {
    await renderWithPortal(<Harness skip />, { config: loadRealManifest(), route: '/list' });
    expect(useThingsQuery).toHaveBeenLastCalledWith(
      { q: '', sort: 'date', order: 'desc', page: 1, pageSize: 20 },
      { skip: true, refetchOnMountOrArgChange: false },
    );
  });
});

const useRequestsQuery = vi.fn(() => answer) as unknown as TypedUseQuery<
  Page,
  StatusListArgs<'pending' | 'done', 'createdAt' | 'name'>,
  BaseQueryFn
>;

function StatusHarness() {
  const requests = useStatusList(useRequestsQuery, {
    statuses: ['pending', 'done'],
    sorts: ['createdAt', 'name'],
    defaultOrder: 'desc',
    pageSize: 20,
    filter: { label: 'Statut', allLabel: 'Tous', labelOf: (status) => `[${status}]` },
  });
  return <output aria-label="filters">{JSON.stringify(requests.filters)}</output>;
}

describe('useStatusList', () => {
  it.each([
    ['/list?status=done', { status: 'done' }],
    ['/list?status=lost', {}],
  ])('at %s asks for the status only when it is one of the list', async (route, status) => {
    await renderWithPortal(<StatusHarness />, { config: loadRealManifest(), route });
    expect(useRequestsQuery).toHaveBeenLastCalledWith(
      { q: '', ...status, sort: 'createdAt', order: 'desc', page: 1, pageSize: 20 },
      { skip: false, refetchOnMountOrArgChange: false },
    );
  });

  it('gives the table its status select, each status in its words', async () => {
    await renderWithPortal(<StatusHarness />, { config: loadRealManifest(), route: '/list' });
    const [select] = JSON.parse(screen.getByRole('status', { name: 'filters' }).textContent) as DataFilter[];
    expect(select).toMatchObject({ kind: 'select', key: 'status', label: 'Statut', allLabel: 'Tous' });
    expect(select?.kind === 'select' && select.options.map((option) => option.label)).toEqual([
      '[pending]',
      '[done]',
    ]);
  });
});
