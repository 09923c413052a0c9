import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRealManifest, renderWithPortal } from '@portal/plugin-api/testing';
import type { FakeGateway } from '@portal/plugin-api/testing';
import entityOverview from './index.ts';
import InfoPage from './info-page.tsx';

afterEach(cleanup);

const stored = {
  accountId: 1001,
  version: 3,
  updatedAt: '2026-11-01T10:00:00.000Z',
  legalName: 'Boulangerie Martin SARL',
  companyNumber: '308000000',
  legalForm: 'SARL',
  addressLine: '12 rue de la République',
  postalCode: '69003',
  city: 'Lyon',
  fiscalYearEnd: '12-31',
  activityCode: '10.71C',
  contacts: [{ name: 'Camille Martin', role: 'Gérante', email: 'camille@example.test', phone: '' }],
};

const mandates = {
  items: [
    { id: 10013, type: 'Mandat fiscal', status: 'revoked', startsOn: '2026-03-03', endsOn: '2026-12-31' },
    { id: 10011, type: 'Mission comptable', status: 'active', startsOn: '2026-01-03', endsOn: null },
  ],
};

function gateway(saveStatus: number): FakeGateway {
  let version = stored.version;
  return ({ method, path }) => {
    if (path === '/connect/api/accounts/1001/mandates' && method === 'GET') return { body: mandates };
    if (path !== '/connect/api/accounts/1001/company-sheet') return undefined;
    if (method === 'GET') return { body: { ...stored, version } };
    // Someone else saved in between: the stored version moved on.
    if (saveStatus === 409) version += 1;
    return saveStatus === 409
      ? { status: 409, body: { error: 'conflict', message: 'stale' } }
      : { body: { ...stored, version: version + 1 } };
  };
}

const render = (permissions: string[], saveStatus = 200, route?: string) =>
  renderWithPortal(<InfoPage />, {
    config: loadRealManifest(),
    plugins: [entityOverview],
    persona: { isCustomer: false, entity: { accountId: 1001, permissions } },
    gateway: gateway(saveStatus),
    ...(route === undefined ? {} : { route }),
  });

describe('mandates', () => {
  it('lists the entity’s mandates with their status in words, the one a notification names marked', async () => {
    await render(['CLINFO001'], 200, '/dossier/1001/informations?mandateId=10013');
    const section = await screen.findByRole('region', { name: 'Mandats' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Mandat fiscal'),
      expect.stringContaining('Mission comptable'),
    ]);
    const [changed, other] = items;
    expect(changed?.getAttribute('aria-current')).toBe('true');
    expect(within(changed ?? section).getByText('Révoqué')).toBeTruthy();
    expect(within(changed ?? section).getByText('Concerné par la notification')).toBeTruthy();
    expect(within(changed ?? section).getByText('Début : 03/03/2026 · Fin : 31/12/2026')).toBeTruthy();
    expect(other?.getAttribute('aria-current')).toBeNull();
    expect(within(other ?? section).getByText('Début : 03/01/2026 · Fin : sans fin')).toBeTruthy();
  });
});

// Typing through user-event is slow on a busy machine: these tests get more than the default 5 s.
describe('company sheet', { timeout: 20_000 }, () => {
  it('refuses invalid fields with a message under each and sends nothing', async () => {
    const view = await render(['COINFO001', 'COINFO002']);
    await view.user.click(await screen.findByRole('button', { name: 'Modifier la fiche' }));
    const siren = screen.getByRole('textbox', { name: /SIREN/ });
    await view.user.clear(siren);
    await view.user.type(siren, '12');
    await view.user.clear(screen.getByRole('textbox', { name: /Code d'activité/ }));
    await view.user.type(screen.getByRole('textbox', { name: /Code d'activité/ }), '1071');
    await view.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le SIREN compte 9 chiffres.')).toBeTruthy();
    expect(screen.getByText(/Le code APE s'écrit/)).toBeTruthy();
    expect(view.requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('on a 409 says someone saved meanwhile and keeps every typed value', async () => {
    const view = await render(['COINFO001', 'COINFO002'], 409);
    await view.user.click(await screen.findByRole('button', { name: 'Modifier la fiche' }));
    const name = screen.getByRole('textbox', { name: /Raison sociale/ });
    await view.user.clear(name);
    await view.user.type(name, 'Boulangerie Martin SAS');
    await view.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Quelqu'un a modifié la fiche entre-temps")).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Raison sociale/ })).toHaveProperty(
      'value',
      'Boulangerie Martin SAS',
    );
    const put = view.requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ version: 3, legalName: 'Boulangerie Martin SAS' });
    // Keeping one's values takes the newer version, so the next save is not stale again.
    await view.user.click(await screen.findByRole('button', { name: 'Garder mes saisies' }));
    await view.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const puts = view.requests.filter((request) => request.method === 'PUT');
    expect(puts.at(-1)?.body).toMatchObject({ version: 4, legalName: 'Boulangerie Martin SAS' });
  });

  it('shows the fiscal year end in words, not as the stored 12-31', async () => {
    await render(['COINFO001']);
    expect(await screen.findByText('31 décembre')).toBeTruthy();
    expect(screen.queryByText('12-31')).toBeNull();
  });

  it('offers no edit without COINFO002', async () => {
    await render(['COINFO001']);
    expect(await screen.findByText('Boulangerie Martin SARL')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Modifier la fiche' })).toBeNull();
  });
});
