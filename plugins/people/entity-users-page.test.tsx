import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRealManifest, renderWithPortal } from '@portal/plugin-api/testing';
import type { FakeGateway } from '@portal/plugin-api/testing';
import people from './index.ts';
import EntityUsersPage from './entity-users-page.tsx';

afterEach(cleanup);

const sophie = {
  userId: 7,
  firstName: 'Sophie',
  lastName: 'Martin',
  email: 'sophie.martin@demo.test',
  isCustomer: true,
  isSignatory: false,
  permissions: ['CLKPI0001'],
  version: 2,
  status: 'active',
  lastSignInAt: '2026-11-10T09:00:00.000Z',
};

/** An invitation waiting for its answer: only what the inviter typed, no id. */
const invited = {
  ...sophie,
  userId: null,
  firstName: 'Prénom',
  lastName: 'Tapé',
  email: 'sam.nousers@demo.test',
  permissions: [],
  version: 0,
  status: 'invited',
  lastSignInAt: null,
};

/** The users of 1001; a save answers `saveStatus`, and a 409 means someone saved version 3 meanwhile. */
function gateway(saveStatus: number, removeStatus = 204): FakeGateway {
  let stored = sophie;
  return ({ method, path, body }) => {
    if (path === '/account/api/accounts/1001/users' && method === 'GET')
      return { body: { items: [stored, invited], currentPage: 1, totalPage: 1, totalItems: 2 } };
    if (path === '/account/api/accounts/1001/users/7' && method === 'DELETE')
      return removeStatus === 409
        ? { status: 409, body: { error: 'last_administrator', message: 'last' } }
        : { status: removeStatus };
    if (path === '/account/api/accounts/1001/users/7/rights' && method === 'PUT') {
      if (saveStatus === 409) {
        stored = { ...sophie, permissions: ['CLKPI0001', 'CLBANK001'], version: 3 };
        return { status: 409, body: { error: 'stale_version', message: 'stale' } };
      }
      stored = { ...sophie, ...(body as object), version: 3 };
      return { body: stored };
    }
    return undefined;
  };
}

const render = (permissions: string[], saveStatus = 200, removeStatus = 204) =>
  renderWithPortal(<EntityUsersPage />, {
    config: loadRealManifest(),
    plugins: [people],
    persona: { isCustomer: true, entity: { accountId: 1001, permissions } },
    gateway: gateway(saveStatus, removeStatus),
  });

describe('entity users', { timeout: 20_000 }, () => {
  it('shows no add, rights or remove control to a holder of CLUSER001 alone', async () => {
    await render(['CLUSER001']);
    expect(await screen.findByText('Sophie Martin')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ajouter un utilisateur' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Gérer les droits/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Retirer/ })).toBeNull();
  });

  it('groups the rights by domain and leaves a customer only the codes they hold', async () => {
    const view = await render(['CLUSER001', 'CLUSER004', 'CLKPI0001', 'CLGED0002']);
    await view.user.click(await screen.findByRole('button', { name: 'Gérer les droits de Sophie Martin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Droits de Sophie Martin' });
    const finance = within(dialog).getByRole('group', { name: 'Finances' });
    expect(within(finance).getByRole('switch', { name: 'Indicateurs' })).toHaveProperty('checked', true);
    // Not held by the person: shown, but they can neither grant nor remove it.
    expect(within(finance).getByRole('switch', { name: /^Banque/ })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('switch', { name: 'Documents comptables' })).toHaveProperty(
      'disabled',
      false,
    );
    await view.user.click(within(dialog).getByRole('switch', { name: 'Documents comptables' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Enregistrer les droits' }));
    expect(await screen.findByText('Les droits de Sophie Martin sont enregistrés.')).toBeTruthy();
    expect(view.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      permissions: ['CLKPI0001', 'CLGED0002'],
      isSignatory: false,
      version: 2,
    });
  });

  it('says when someone else changed the rights, reloads them and keeps the editor open on the new version', async () => {
    const view = await render(['CLUSER001', 'CLUSER004', 'CLKPI0001', 'CLGED0002'], 409);
    await view.user.click(await screen.findByRole('button', { name: 'Gérer les droits de Sophie Martin' }));
    await view.user.click(await screen.findByRole('button', { name: 'Enregistrer les droits' }));
    expect(await screen.findByText("Quelqu'un d'autre a modifié ces droits")).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: 'Droits de Sophie Martin' });
    // The other person's grant is now shown.
    await within(dialog).findByRole('switch', { name: /^Banque/, checked: true });
  });

  it('shows an invitation as typed, never signed in, with no rights or remove control', async () => {
    await render(['CLUSER001', 'CLUSER003', 'CLUSER004', 'CLKPI0001']);
    const row = await screen.findByRole('row', { name: /Prénom Tapé/ });
    expect(within(row).getByText('sam.nousers@demo.test')).toBeTruthy();
    expect(within(row).getByText('Invité')).toBeTruthy();
    expect(within(row).getByText('Jamais')).toBeTruthy();
    expect(within(row).queryAllByRole('button')).toEqual([]);
    // Sophie, a user, keeps hers.
    expect(screen.getByRole('button', { name: 'Gérer les droits de Sophie Martin' })).toBeTruthy();
  });

  it('opened on a notification’s person, shows the page the gateway found them on with their invitation marked', async () => {
    const others = Array.from({ length: 20 }, (_, index) => ({
      ...sophie,
      userId: 100 + index,
      lastName: `Autre ${String(index)}`,
      email: `autre.${String(index)}@demo.test`,
    }));
    const pages: Record<string, unknown[]> = { '1': others, '2': [sophie, invited] };
    const view = await renderWithPortal(<EntityUsersPage />, {
      config: loadRealManifest(),
      plugins: [people],
      persona: { isCustomer: true, entity: { accountId: 1001, permissions: ['CLUSER001'] } },
      route: '/dossier/1001/gestion-utilisateurs?person=42',
      gateway: ({ method, path, search }) => {
        if (path !== '/account/api/accounts/1001/users' || method !== 'GET') return undefined;
        // The invited person (id 42 to the gateway, none in the list) is on the second page.
        const focused = search.get('focus') === '42';
        const page = focused ? '2' : (search.get('page') ?? '1');
        const body = { items: pages[page] ?? [], currentPage: Number(page), totalPage: 2, totalItems: 22 };
        return { body: focused ? { ...body, focusIndex: 1 } : body };
      },
    });
    const row = await screen.findByRole('row', { name: /Prénom Tapé/ });
    await waitFor(() => expect(row.getAttribute('aria-current')).toBe('true'));
    expect(within(row).getByText('Concerné par la notification')).toBeTruthy();
    const sophieRow = screen.getByRole('row', { name: /Sophie Martin/ });
    expect(sophieRow.getAttribute('aria-current')).toBeNull();
    // Asked once with the person, then the page found, as the address now says.
    const asked = view.requests.filter((request) => request.path.endsWith('/users'));
    expect(asked[0]?.search.get('focus')).toBe('42');
    await waitFor(() => expect(view.requests.at(-1)?.search.get('page')).toBe('2'));
    expect(view.requests.at(-1)?.search.get('focus')).toBeNull();
    // Never the first page in between: the list does not flash other people before the person's page.
    const unfocused = view.requests.filter(
      (request) => request.path.endsWith('/users') && request.search.get('focus') === null,
    );
    expect(unfocused.map((request) => request.search.get('page'))).toEqual(['2']);
  });

  it("says why the entity's last administrator cannot be removed, in the dialog that stays open", async () => {
    const view = await render(['CLUSER001', 'CLUSER003', 'CLKPI0001'], 200, 409);
    await view.user.click(await screen.findByRole('button', { name: "Retirer Sophie Martin de l'entité" }));
    const dialog = await screen.findByRole('dialog', { name: 'Retirer cet utilisateur ?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Retirer Sophie Martin' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Sophie Martin est le dernier administrateur de l'entité : donnez d'abord un droit d'administration à une autre personne.",
    );
  });

  it('says an invitation was sent, the same for every address', async () => {
    const view = await renderWithPortal(<EntityUsersPage />, {
      config: loadRealManifest(),
      plugins: [people],
      persona: { isCustomer: true, entity: { accountId: 1001, permissions: ['CLUSER001', 'CLUSER002'] } },
      gateway: (request) =>
        request.path === '/account/api/accounts/1001/users' && request.method === 'POST'
          ? {
              status: 201,
              body: {
                ...(request.body as object),
                isSignatory: false,
                permissions: [],
                status: 'invited',
                expiresAt: '2026-12-26T10:00:00.000Z',
              },
            }
          : gateway(200)(request),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Ajouter un utilisateur' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un utilisateur' });
    await view.user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'sam.nousers@demo.test');
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Prénom' }), 'Sam');
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Nom' }), 'N');
    await view.user.click(within(dialog).getByRole('button', { name: "Envoyer l'invitation" }));
    expect(
      await screen.findByText(
        "Sam N est invité : la personne rejoindra l'entité après avoir accepté l'invitation reçue par e-mail.",
      ),
    ).toBeTruthy();
  });
});
