import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asPersona, openAsPersona } from '../testing/persona-fixtures.ts';
import { loadRealManifest } from '../testing/manifest.ts';
import { realPlugins, renderPortal, withStubPages } from '../testing/render-portal.tsx';
import { consultedFeature } from './feature-consulted.ts';

const plugins = withStubPages(realPlugins, ['auth', 'entity-home', 'bank', 'people', 'entity-overview']);
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(cleanup);

describe('Feature Consulted', () => {
  it('names the sidebar item of a route by its featureName; any overview tab is the overview item', () => {
    const config = loadRealManifest();
    expect(consultedFeature(config, 'entity.bank')).toBe('bank');
    expect(consultedFeature(config, 'entity.accounting.product')).toBe('accountingV2');
    expect(consultedFeature(config, 'entity.info')).toBe('overview');
    expect(consultedFeature(config, 'entity.home')).toBeUndefined();
    expect(consultedFeature(config, 'wallet.folders')).toBeUndefined();
    // Launchers name their feature on the route.
    expect(consultedFeature(config, 'folderLauncher', { featureName: 'folderLauncher' })).toBe(
      'folderLauncher',
    );
  });

  it('is sent once each time a sidebar item’s page opens, with the manifest’s event name', async () => {
    const config = loadRealManifest();
    const bank = config.sidebar.find((item) => item.id === 'bank');
    if (bank === undefined) throw new Error('manifest changed');
    // The name comes from the manifest: a product owner's rename reaches the analytics.
    bank.featureName = 'bank-renamed';
    const portal = await renderPortal({
      ...asPersona(config, 'marc', 1002),
      plugins,
      path: '/dossier/1002/accueil',
    });
    await screen.findByRole('navigation', { name: "Navigation de l'entité" });
    expect(portal.tracked).toEqual([]);
    await portal.user.click(screen.getByRole('link', { name: 'Banque' }));
    await waitFor(() =>
      expect(portal.tracked).toEqual([
        { event: 'Feature Consulted', properties: { feature: 'bank-renamed' } },
      ]),
    );
    await portal.user.click(screen.getByRole('link', { name: 'Mon entreprise' }));
    await waitFor(() => expect(portal.tracked).toHaveLength(2));
    expect(portal.tracked[1]).toEqual({ event: 'Feature Consulted', properties: { feature: 'overview' } });
    await portal.user.click(screen.getByRole('link', { name: 'Accueil' }));
    await portal.user.click(screen.getByRole('link', { name: 'Banque' }));
    await waitFor(() => expect(portal.tracked).toHaveLength(3));
  });

  it('is sent when a launcher opens, with the featureName of its route', async () => {
    const portal = await openAsPersona('paul', '/lanceur/1001');
    await screen.findByRole('heading', { level: 1, name: 'Applications' });
    await waitFor(() =>
      expect(portal.tracked).toEqual([
        { event: 'Feature Consulted', properties: { feature: 'folderLauncher' } },
      ]),
    );
  });
});
