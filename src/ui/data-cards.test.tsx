import { cleanup, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithPortal } from '../testing/render-with-portal.tsx';
import { loadRealManifest } from '../testing/manifest.ts';
import type { DataColumn } from './data-table.tsx';
import { TableHarness } from './table-harness.tsx';

type Doc = { id: number; name: string; kind: 'pay' | 'tax'; size: number };
const docs: Doc[] = [
  { id: 1, name: 'Bulletin de paie 2026-09.pdf', kind: 'pay', size: 30 },
  { id: 2, name: 'Avis de taxe foncière.pdf', kind: 'tax', size: 10 },
  { id: 3, name: 'Contrat de travail Julie.pdf', kind: 'pay', size: 20 },
];
const columns: DataColumn<Doc>[] = [
  { key: 'name', header: 'Nom', sortable: true, primary: 'title', render: (d) => d.name },
  { key: 'kind', header: 'Type', primary: 'status', render: (d) => (d.kind === 'pay' ? 'Paie' : 'Impôt') },
  {
    key: 'size',
    header: 'Taille',
    sortable: true,
    numeric: true,
    primary: 'field',
    render: (d) => `${String(d.size)} Ko`,
  },
  { key: 'owner', header: 'Ajouté par', render: () => 'Claire Solo' },
];

function Harness({ onOpen }: { onOpen: (doc: Doc) => void }) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  return (
    <TableHarness
      rows={docs}
      tableOptions={{ defaultSort: 'name', filterKeys: ['kind'] }}
      columns={columns}
      filters={[
        {
          kind: 'select',
          key: 'kind',
          label: 'Type',
          allLabel: 'Tous les types',
          options: [
            { value: 'pay', label: 'Paie' },
            { value: 'tax', label: 'Impôt' },
          ],
        },
      ]}
      selection={{ selected, onChange: setSelected, rowLabel: (id) => `Sélectionner ${String(id)}` }}
      rowActions={{
        name: (d) => d.name,
        of: (d) => [
          { key: 'open', label: 'Ouvrir', ariaLabel: `Ouvrir ${d.name}`, onSelect: () => onOpen(d) },
          {
            key: 'delete',
            label: 'Supprimer',
            danger: true,
            confirm: {
              title: 'Supprimer ce document ?',
              message: `${d.name} sera supprimé.`,
              confirmLabel: 'Supprimer le document',
              errorMessage: 'La suppression a échoué.',
              onConfirm: () => Promise.resolve(),
            },
          },
        ],
      }}
    >
      <output aria-label="selected">{[...selected].join(',')}</output>
    </TableHarness>
  );
}

/** The table's own box, as a phone (or a wide screen) lays it out: jsdom has no layout. */
const layOutAt = (width: number) =>
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width,
    height: 40,
    top: 0,
    left: 0,
    right: width,
    bottom: 40,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });

const render = (onOpen: (doc: Doc) => void = () => undefined) =>
  renderWithPortal(<Harness onOpen={onOpen} />, { config: loadRealManifest(), route: '/docs' });

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Documents' }))
    .getAllByRole('listitem')
    .map((card) => card.textContent);

beforeEach(() => {
  layOutAt(360);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('data table on a narrow screen', () => {
  it('shows each row as a card of its primary columns, no table, and the table again when wide', async () => {
    await render();
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(screen.getByRole('list', { name: 'Documents' })).getAllByRole('listitem')[0];
    expect(card).toHaveTextContent('Avis de taxe foncière.pdf');
    expect(card).toHaveTextContent('Impôt');
    expect(within(card ?? document.body).getByText('Taille')).toBeVisible();
    expect(card).toHaveTextContent('10 Ko');
    // Not a key field: only in the table.
    expect(card).not.toHaveTextContent('Claire Solo');
    cleanup();
    vi.restoreAllMocks();
    layOutAt(1000);
    await render();
    expect(screen.getByRole('table', { name: 'Documents' })).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Documents' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ouvrir Bulletin de paie 2026-09.pdf' })).toBeVisible();
  });

  it('opens a card’s action menu from the keyboard, closes it with Escape, and runs an item with Enter', async () => {
    const onOpen = vi.fn();
    const view = await render(onOpen);
    const button = screen.getByRole('button', { name: 'Actions : Contrat de travail Julie.pdf' });
    button.focus();
    await view.user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await view.user.keyboard('{Escape}');
    await vi.waitFor(() => expect(menu).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    await view.user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await view.user.keyboard('{ArrowDown}');
    await vi.waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Ouvrir Contrat de travail Julie.pdf' })).toHaveFocus(),
    );
    await view.user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(docs[2]);
  });

  it('asks the confirmation of a destructive item in the table’s own dialog', async () => {
    const view = await render();
    await view.user.click(screen.getByRole('button', { name: 'Actions : Avis de taxe foncière.pdf' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer ce document ?' });
    expect(dialog).toHaveTextContent('Avis de taxe foncière.pdf sera supprimé.');
  });

  it('sorts and filters from the sheet, which counts the filters set, and the address keeps them', async () => {
    const view = await render();
    expect(cardTitles()[0]).toContain('Avis de taxe');
    await view.user.click(screen.getByRole('button', { name: 'Trier et filtrer' }));
    const sheet = await screen.findByRole('dialog', { name: 'Trier et filtrer' });
    await view.user.selectOptions(within(sheet).getByRole('combobox', { name: 'Trier par' }), 'Taille');
    await view.user.selectOptions(within(sheet).getByRole('combobox', { name: 'Ordre' }), 'Décroissant');
    expect(screen.getByLabelText('address')).toHaveTextContent('sort=size&order=desc');
    expect(cardTitles()[0]).toContain('Bulletin de paie');
    await view.user.selectOptions(within(sheet).getByRole('combobox', { name: 'Type' }), 'Impôt');
    await view.user.click(within(sheet).getByRole('button', { name: 'Voir le résultat' }));
    expect(cardTitles()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Trier et filtrer (1 filtre)' })).toBeVisible();
    expect(screen.getByLabelText('address')).toHaveTextContent('kind=tax');
  });

  it('selects a card, then every card of the page', async () => {
    const view = await render();
    await view.user.click(screen.getByRole('checkbox', { name: 'Sélectionner 3' }));
    expect(screen.getByLabelText('selected')).toHaveTextContent(/^3$/);
    await view.user.click(
      screen.getByRole('checkbox', { name: 'Sélectionner toutes les lignes de cette page' }),
    );
    expect(screen.getByLabelText('selected')).toHaveTextContent('3,2,1');
  });
});
