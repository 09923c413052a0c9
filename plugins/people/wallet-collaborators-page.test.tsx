import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRealManifest, renderWithPortal } from '@portal/plugin-api/testing';
import people from './index.ts';
import WalletCollaboratorsPage from './wallet-collaborators-page.tsx';

afterEach(cleanup);

const folder = { accountId: 1002, name: 'Cabinet Durand', role: 'partner' };

describe('the firm’s collaborators in the wallet', { timeout: 20_000 }, () => {
  it('shows a contact only where the gateway gave it (who sees the users of a shared folder)', async () => {
    await renderWithPortal(<WalletCollaboratorsPage />, {
      config: loadRealManifest(),
      plugins: [people],
      persona: { isCustomer: true, entityCount: 2 },
      gateway: ({ path }) =>
        path === '/wallet/api/collaborators'
          ? {
              body: {
                items: [
                  { userId: 5, firstName: 'Paul', lastName: 'Collab', isAdmin: true, folders: [folder] },
                  {
                    userId: 6,
                    firstName: 'Lea',
                    lastName: 'Collab',
                    email: 'lea.collab@demo.test',
                    officeMobile: '06 00 00 00 00',
                    isAdmin: false,
                    folders: [folder],
                  },
                ],
                currentPage: 1,
                totalPage: 1,
                totalItems: 2,
              },
            }
          : undefined,
    });
    expect(await screen.findByText('Paul Collab')).toBeTruthy();
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toContain('mailto:lea.collab@demo.test');
    expect(links.filter((href) => href?.startsWith('mailto:'))).toEqual(['mailto:lea.collab@demo.test']);
  });

  it('sums up 5 000 folders as a count and three names, the whole list only on request', async () => {
    const many = Array.from({ length: 5000 }, (_, index) => ({
      accountId: 10_000 + index,
      name: `Dossier ${String(index + 1)}`,
      role: 'partner',
    }));
    const view = await renderWithPortal(<WalletCollaboratorsPage />, {
      config: loadRealManifest(),
      plugins: [people],
      persona: { isCustomer: false },
      gateway: ({ path }) =>
        path === '/wallet/api/collaborators'
          ? {
              body: {
                items: [{ userId: 5, firstName: 'Paul', lastName: 'Collab', isAdmin: true, folders: many }],
                currentPage: 1,
                totalPage: 1,
                totalItems: 1,
              },
            }
          : undefined,
    });
    // Intl separates French thousands with a narrow no-break space.
    expect(await screen.findByText(/^5\s000 dossiers$/)).toBeVisible();
    expect(screen.getByText(/^Dont Dossier 1 \(.+\), Dossier 2 \(.+\), Dossier 3 \(.+\)…$/)).toBeVisible();
    expect(screen.queryByText(/Dossier 4\b/)).toBeNull();
    const show = screen.getByRole('button', { name: /^Voir les 5\s000 dossiers$/ });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await view.user.click(show);
    expect(await screen.findByText(/^Dossier 5000 \(/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Masquer la liste des dossiers' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});
