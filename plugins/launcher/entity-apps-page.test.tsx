import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRealManifest, renderWithPortal } from '@portal/plugin-api/testing';
import launcher from './index.ts';
import EntityAppsPage from './entity-apps-page.tsx';

afterEach(cleanup);

const render = (permissions: string[]) =>
  renderWithPortal(<EntityAppsPage />, {
    config: loadRealManifest(),
    plugins: [launcher],
    persona: { isCustomer: true, entity: { accountId: 1001, accountNumber: 'C-1001', permissions } },
  });

describe('entity launcher', () => {
  it('shows only the applications the codes open, each in a new tab with the entity number in its address', async () => {
    const view = await render(['CLPEN001']);
    const tile = await screen.findByRole('link', { name: /^Logiciel comptable/ });
    expect(tile.getAttribute('href')).toBe('https://compta.example/C-1001');
    expect(tile.getAttribute('target')).toBe('_blank');
    expect(tile.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByRole('link', { name: /Logiciel de paie/ })).toBeNull();
    tile.addEventListener('click', (event) => event.preventDefault());
    await view.user.click(tile);
    expect(view.tracked).toEqual([
      { event: 'Feature Consulted', properties: { feature: 'launcher-accounting-software' } },
    ]);
  });

  it('says so when no application is open', async () => {
    await render([]);
    expect(await screen.findByText('Aucune application ne vous est ouverte pour cette entité.')).toBeTruthy();
  });
});
