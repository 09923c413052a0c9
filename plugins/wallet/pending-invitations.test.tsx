import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRealManifest, renderWithPortal } from '@portal/plugin-api/testing';
import type { FakeGateway } from '@portal/plugin-api/testing';
import wallet from './index.ts';
import EntitiesPage from './entities-page.tsx';

afterEach(cleanup);

const invitation = {
  invitationId: 4,
  accountId: 1001,
  accountName: 'Boulangerie Martin SARL',
  invitedBy: 'Claire Solo',
  isSignatory: false,
  permissions: ['CLGED0002'],
  invitedAt: '2026-11-20T09:00:00.000Z',
  expiresAt: '2026-12-20T09:00:00.000Z',
};
const mine = {
  accountId: 1002,
  accountNumber: 'C-1002',
  name: 'Cabinet Durand',
  isSignatory: false,
  isFavorite: false,
};

/** Sam's entities and one invitation; answering it answers `status`, and an accepted one joins the list. */
function gateway(status: number): FakeGateway {
  let pending = [invitation];
  let entities = [mine];
  return ({ method, path }) => {
    if (path === '/account/api/invitations' && method === 'GET') return { body: { items: pending } };
    if (path === '/account/api/portfolio/entities' && method === 'GET')
      return { body: { items: entities, currentPage: 1, totalPage: 1, totalItems: entities.length } };
    const answered = /^\/account\/api\/invitations\/4\/(accept|decline)$/.exec(path);
    if (answered && method === 'POST') {
      if (status !== 204) return { status, body: { error: 'not_found', message: 'gone' } };
      pending = [];
      if (answered[1] === 'accept')
        entities = [
          ...entities,
          { ...mine, accountId: 1001, accountNumber: 'C-1001', name: invitation.accountName },
        ];
      return { status: 204 };
    }
    return undefined;
  };
}

const render = (status = 204) =>
  renderWithPortal(<EntitiesPage />, {
    config: loadRealManifest(),
    plugins: [wallet],
    persona: { isCustomer: true, entityCount: 1 },
    gateway: gateway(status),
  });

describe('pending invitations on my entities', { timeout: 20_000 }, () => {
  it('shows who invited to which entity; accepting joins it and the entity appears in the list', async () => {
    const view = await render();
    expect(await screen.findByRole('heading', { name: 'Invitations en attente' })).toBeTruthy();
    expect(
      screen.getByText("Invitation de Claire Solo, valable jusqu'au 20/12/2026.", { exact: false }),
    ).toBeTruthy();
    await view.user.click(
      screen.getByRole('button', { name: "Accepter l'invitation à rejoindre Boulangerie Martin SARL" }),
    );
    expect(await screen.findByText('Vous avez rejoint Boulangerie Martin SARL.')).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Boulangerie Martin SARL/ })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Invitations en attente' })).toBeNull();
    expect(view.requests.some((request) => request.path === '/account/api/invitations/4/accept')).toBe(true);
  });

  it('declining leaves the entity out', async () => {
    const view = await render();
    await view.user.click(
      await screen.findByRole('button', { name: "Refuser l'invitation à rejoindre Boulangerie Martin SARL" }),
    );
    expect(
      await screen.findByText("Vous avez refusé l'invitation à rejoindre Boulangerie Martin SARL."),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Boulangerie Martin SARL/ })).toBeNull();
  });

  it('says when the answer failed (an expired invitation) and keeps the invitation', async () => {
    const view = await render(404);
    await view.user.click(
      await screen.findByRole('button', {
        name: "Accepter l'invitation à rejoindre Boulangerie Martin SARL",
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('elle a peut-être expiré');
    expect(screen.getByRole('heading', { name: 'Invitations en attente' })).toBeTruthy();
  });
});
