import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRealManifest, renderWithPortal } from '@portal/plugin-api/testing';
import type { FakeRequest, TestPersona } from '@portal/plugin-api/testing';
import accounting from './index.ts';
import SyncedDocumentsPage from './synced-documents-page.tsx';

afterEach(cleanup);

const PENNYLANE = [{ offerCode: 'PENNYLANE', status: 'validated' as const }];
const LEA: TestPersona = {
  isCustomer: false,
  entity: { accountId: 1001, permissions: [], subscriptions: PENNYLANE },
};
const MARC: TestPersona = {
  isCustomer: true,
  entity: { accountId: 1001, permissions: ['CLGED0002'], subscriptions: PENNYLANE },
};

const documentOf = (id: number, name: string) => ({
  id,
  accountId: 1001,
  name,
  source: 'pennylane',
  mimeType: 'application/pdf',
  size: 2048,
  issuedOn: '2026-11-20',
  syncedAt: '2026-11-27T09:00:00.000Z',
});

const DONE = {
  connection: 'ready',
  state: 'done',
  startedAt: '2026-11-27T09:00:00.000Z',
  finishedAt: '2026-11-27T09:00:01.000Z',
  reason: null,
  added: 0,
  removed: 0,
};

/** A gateway whose software gets a new document at the first sync. */
function software(sync: Record<string, unknown>) {
  const documents = [documentOf(1, 'Facture fournisseur - Minoterie Dupuis.pdf')];
  let state = sync;
  return ({ method, path }: FakeRequest) => {
    if (method === 'GET' && path.endsWith('/accounts/1001/synced-documents'))
      return {
        body: { items: documents, currentPage: 1, totalPage: 1, totalItems: documents.length, sync: state },
      };
    if (method === 'POST' && path.endsWith('/accounts/1001/sync')) {
      documents.unshift(documentOf(2, 'Facture fournisseur - Farines du Sud.pdf'));
      state = { ...DONE, added: 1 };
      return { body: state };
    }
    return undefined;
  };
}

const render = (persona: TestPersona, sync: Record<string, unknown>) =>
  renderWithPortal(<SyncedDocumentsPage />, {
    config: loadRealManifest(),
    plugins: [accounting],
    flags: { documentsV2: true },
    persona,
    gateway: software(sync),
  });

describe('documents v2 page', () => {
  it('shows the documents with their source and the last sync; a collaborator syncs and finds the new one', async () => {
    const view = await render(LEA, DONE);
    const table = await screen.findByRole('table', { name: 'Documents du logiciel comptable' });
    expect(within(table).getByText('Facture fournisseur - Minoterie Dupuis.pdf')).toBeTruthy();
    expect(within(table).getAllByText('Pennylane').length).toBeGreaterThan(0);
    const summary = screen.getByTestId('sync-summary');
    expect(summary.textContent).toContain('Source : Pennylane');
    expect(summary.textContent).toContain('Terminée');
    expect(summary.textContent).toMatch(/Dernière synchronisation : .*2026/);
    await view.user.click(screen.getByRole('button', { name: 'Synchroniser' }));
    expect(await within(table).findByText('Facture fournisseur - Farines du Sud.pdf')).toBeTruthy();
    expect(
      view.requests.filter((request) => request.method === 'POST').map((request) => request.path),
    ).toHaveLength(1);
    expect((await screen.findByTestId('sync-summary')).textContent).toContain('Nouveaux documents : 1');
  });

  it('says why the last sync failed', async () => {
    await render(LEA, { ...DONE, state: 'failed', reason: 'credentialRefused' });
    expect(
      await screen.findByText(
        'Le logiciel comptable a refusé la clé d’accès de ce dossier : le cabinet doit la renouveler.',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('sync-summary').textContent).toContain('Échec');
  });

  it('says when no accounting software is connected, and offers no sync', async () => {
    await render(LEA, { ...DONE, connection: 'none', state: 'never', startedAt: null, finishedAt: null });
    expect(await screen.findByText('Aucun logiciel comptable relié')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Synchroniser' })).toBeNull();
  });

  it('offers no sync to a customer without CLGEDPEN01', async () => {
    await render(MARC, DONE);
    await screen.findByTestId('sync-summary');
    expect(screen.queryByRole('button', { name: 'Synchroniser' })).toBeNull();
  });

  it('speaks English too', async () => {
    await renderWithPortal(<SyncedDocumentsPage />, {
      config: loadRealManifest(),
      plugins: [accounting],
      flags: { documentsV2: true },
      persona: LEA,
      gateway: software(DONE),
      language: 'en',
    });
    expect(await screen.findByRole('button', { name: 'Synchronise' })).toBeTruthy();
    expect(screen.getByTestId('sync-summary').textContent).toContain('Source: Pennylane');
  });
});
