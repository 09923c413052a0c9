import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asPersona } from '../testing/persona-fixtures.ts';
import { loadRealManifest } from '../testing/manifest.ts';
import { realPlugins, renderPortal, withStubPages } from '../testing/render-portal.tsx';

// The bell's live part (the event stream) is not what these tests are about: it draws nothing.
vi.mock('./notifications/notification-live.tsx', () => ({ default: () => null }));

const plugins = withStubPages(realPlugins, ['auth', 'entity-home']);
vi.setConfig({ testTimeout: 20_000 });
afterEach(cleanup);

async function openClaireHome(feedCentre: boolean) {
  const config = loadRealManifest();
  const persona = asPersona(config, 'claire', 1001);
  await renderPortal({
    ...persona,
    session: { ...persona.session, notifications: { unreadCount: 2, newestId: 7 } },
    plugins,
    path: '/dossier/1001/accueil',
    flags: { feedCentre },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'entity-home/home' })).toBeVisible();
  // The header is drawn either way: its user menu is there.
  expect(await screen.findByRole('button', { name: 'Menu de Claire Solo' })).toBeVisible();
}

describe('the feed centre flag (SPEC 9, notifications.centreFlag)', () => {
  it('on: the header has the bell with its unread count', async () => {
    await openClaireHome(true);
    expect(screen.getByRole('button', { name: 'Notifications, 2 non lues' })).toBeVisible();
  });

  it('off: no bell, whatever is unread', async () => {
    await openClaireHome(false);
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
  });
});
