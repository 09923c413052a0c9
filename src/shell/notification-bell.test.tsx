import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asPersona } from '../testing/persona-fixtures.ts';
import { loadRealManifest } from '../testing/manifest.ts';
import { realPlugins, renderPortal, withStubPages } from '../testing/render-portal.tsx';

// The bell's live part whose chunk does not arrive (a deploy replaced it, the network dropped).
vi.mock('./notifications/notification-live.tsx', () => Promise.reject(new Error('chunk gone')));

const plugins = withStubPages(realPlugins, ['auth', 'entity-home']);
vi.setConfig({ testTimeout: 20_000 });
afterEach(cleanup);

describe('the header bell when its live part does not load', () => {
  it('keeps the page and the bell with the count the user context brought, and logs why', async () => {
    const config = loadRealManifest();
    const persona = asPersona(config, 'claire', 1001);
    const portal = await renderPortal({
      ...persona,
      session: { ...persona.session, notifications: { unreadCount: 2, newestId: 7 } },
      plugins,
      path: '/dossier/1001/accueil',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'entity-home/home' })).toBeVisible();
    await waitFor(() =>
      expect(portal.logs.map((log) => log.message)).toContain('A header control did not load'),
    );
    expect(screen.getByRole('button', { name: 'Notifications, 2 non lues' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'entity-home/home' })).toBeVisible();
  });
});
