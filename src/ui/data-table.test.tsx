import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithPortal } from '../testing/render-with-portal.tsx';
import { loadRealManifest } from '../testing/manifest.ts';
import type { DataColumn } from './data-table.tsx';
import { TableHarness } from './table-harness.tsx';
import type { HarnessMode } from './table-harness.tsx';
import { DataTable } from './data-table.tsx';
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

function Harness({ mode, onRetry }: { mode: HarnessMode; onRetry?: () => void }) {
  return (
    <TableHarness
      rows={docs}
      tableOptions={{ defaultSort: 'name', searchDelayMs: 20 }}
      mode={mode}
      {...(onRetry ? { onRetry } : {})}
      columns={columns}
      searchLabel="Rechercher"
    />
  );
}

const render = (mode: HarnessMode, onRetry?: () => void, route = '/docs') =>
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

  it('shows its blank state instead of the table while the list holds nothing, and the table once a search is typed', async () => {
    const blank = { title: 'Aucun document pour l’instant', reason: 'Vos documents apparaissent ici.' };
    await renderWithPortal(
      <TableHarness rows={docs} tableOptions={{}} mode="empty" columns={columns} blank={blank} />,
      { config: loadRealManifest(), route: '/docs' },
    );
    expect(screen.getByText('Aucun document pour l’instant')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();
    await renderWithPortal(
      <TableHarness rows={docs} tableOptions={{}} mode="empty" columns={columns} blank={blank} />,
      { config: loadRealManifest(), route: '/docs?q=bilan' },
    );
    expect(screen.getByRole('table', { name: 'Documents' })).toBeVisible();
    expect(screen.getByText('Aucun document')).toBeVisible();
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
