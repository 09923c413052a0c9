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
});
