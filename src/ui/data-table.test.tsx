import { cleanup, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithPortal } from '../testing/render-with-portal.tsx';
import { loadRealManifest } from '../testing/manifest.ts';
import { DataTable } from './data-table.tsx';
import type { DataColumn, DataPage } from './data-table.tsx';
import type { RowAction } from './row-actions.tsx';
import { useTableState } from './table-state.ts';

afterEach(cleanup);

type Doc = { id: number; name: string; size: number };
const docs: Doc[] = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  name: `Pièce ${String(i + 1).padStart(2, '0')}`,
  size: (i * 37) % 100,
}));
const columns: DataColumn<Doc>[] = [
  { key: 'name', header: 'Nom', sortable: true, render: (d) => d.name },
  { key: 'size', header: 'Taille', sortable: true, numeric: true, render: (d) => String(d.size) },
];

type Mode = 'ok' | 'loading' | 'error' | 'empty';

function Harness({ mode, onRetry = () => {} }: { mode: Mode; onRetry?: () => void }) {
  const table = useTableState({ defaultSort: 'name', searchDelayMs: 20 });
  const location = useLocation();
  const { page, search, sort, order } = table.query;
  const matching = mode === 'empty' ? [] : docs.filter((d) => d.name.includes(search));
  const sorted = [...matching].sort((a, b) => {
    const diff = sort === 'size' ? a.size - b.size : a.name.localeCompare(b.name);
    return order === 'asc' ? diff : -diff;
  });
  const data: DataPage<Doc> | undefined =
    mode === 'loading' || mode === 'error'
      ? undefined
      : {
          items: sorted.slice((page - 1) * 10, page * 10),
          currentPage: page,
          totalPage: Math.max(1, Math.ceil(sorted.length / 10)),
          totalItems: sorted.length,
        };
  return (
    <>
      <DataTable
        caption="Documents"
        columns={columns}
        rowKey={(d) => d.id}
        table={table}
        result={{ data, isLoading: mode === 'loading', isError: mode === 'error', refetch: onRetry }}
        emptyMessage="Aucun document"
        searchLabel="Rechercher"
      />
      <output aria-label="address">{location.search}</output>
    </>
  );
}

const render = (mode: Mode, onRetry?: () => void, route = '/docs') =>
  renderWithPortal(<Harness mode={mode} {...(onRetry ? { onRetry } : {})} />, {
    config: loadRealManifest(),
    route,
  });

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('data table', () => {
  it('sorts by a column from its header button, says the order to assistive technology and keeps it in the address', async () => {
    const view = await render('ok');
    expect(rowNames()[0]).toBe('Pièce 01');
    await view.user.click(screen.getByRole('button', { name: 'Trier par Taille, ordre croissant' }));
    expect(screen.getByRole('columnheader', { name: /Taille/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByText('23 résultats')).toBeVisible();
    expect(screen.getByLabelText('address')).toHaveTextContent('sort=size&order=asc');
    await view.user.click(screen.getByRole('button', { name: 'Trier par Taille, ordre décroissant' }));
    expect(screen.getByRole('columnheader', { name: /Taille/ })).toHaveAttribute('aria-sort', 'descending');
    expect(rowNames()[0]).toBe('Pièce 09'); // size 96, the largest
  });

  it('pages with the keyboard-operable pagination and searches after a pause, back to page one', async () => {
    const view = await render('ok');
    await view.user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(rowNames()).toEqual(['Pièce 21', 'Pièce 22', 'Pièce 23']);
    expect(screen.getByLabelText('address')).toHaveTextContent('page=3');
    await view.user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'Pièce 1');
    await vi.waitFor(() => expect(screen.getByLabelText('address')).toHaveTextContent('q=Pi%C3%A8ce+1'));
    expect(screen.getByLabelText('address')).not.toHaveTextContent('page=');
    expect(rowNames()).toHaveLength(10);
    expect(rowNames()[0]).toBe('Pièce 10');
  });

  it('restores its state from the address (a shared link)', async () => {
    await render('ok', undefined, '/docs?sort=size&order=desc&page=2');
    expect(screen.getByRole('columnheader', { name: /Taille/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('data-active', 'true');
  });

  it('shows a skeleton while loading, an empty message, and an error with a retry that works', async () => {
    await render('loading');
    expect(screen.getByRole('table', { name: 'Documents' })).toHaveAttribute('aria-busy', 'true');
    cleanup();
    await render('empty');
    expect(screen.getByText('Aucun document')).toBeVisible();
    cleanup();
    const retry = vi.fn();
    const view = await render('error', retry);
    expect(screen.getByRole('alert')).toHaveTextContent('La liste n’a pas pu être chargée');
    expect(screen.queryByRole('table')).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});

function WithActions({ of }: { of: (doc: Doc) => RowAction[] }) {
  const table = useTableState({ defaultSort: 'name' });
  const items = docs.slice(0, 3);
  return (
    <DataTable
      caption="Documents"
      columns={columns}
      rowKey={(d) => d.id}
      table={table}
      result={{
        data: { items, currentPage: 1, totalPage: 1, totalItems: items.length },
        isLoading: false,
        isError: false,
        refetch: () => {},
      }}
      emptyMessage="Aucun document"
      rowActions={{ name: (d) => d.name, of }}
    />
  );
}

describe('the actions column', () => {
  const open = (doc: Doc): RowAction => ({ key: 'open', label: 'Ouvrir', onSelect: () => doc });

  it('shows when one row has an action for this person, an empty cell on the others', async () => {
    await renderWithPortal(<WithActions of={(d) => (d.id === 2 ? [open(d)] : [])} />, {
      config: loadRealManifest(),
    });
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Ouvrir' })).toHaveLength(1);
  });

  it('does not show at all when no row has an action for this person', async () => {
    await renderWithPortal(<WithActions of={() => []} />, { config: loadRealManifest() });
    expect(screen.getByRole('cell', { name: 'Pièce 01' })).toBeVisible();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.getAllByRole('columnheader')).toHaveLength(columns.length);
  });
});
