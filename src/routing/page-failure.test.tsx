import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { definePage, definePlugin } from '../plugin-host/plugin-definition.ts';
import { realPlugins } from '../testing/render-portal.tsx';
import { openAsPersona } from '../testing/persona-fixtures.ts';
import { withStubPages } from '../testing/render-portal.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const chunkGone = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/bank-page-1a2b.js');

/** The real plugins, with the bank page's code failing `failures` times before it loads. */
function bankFailing(failures: number) {
  let left = failures;
  const load = vi.fn(() => {
    if (left > 0) {
      left -= 1;
      return Promise.reject(chunkGone());
    }
    return Promise.resolve({ default: () => <h1 tabIndex={-1}>Relevés bancaires</h1> });
  });
  const plugins = withStubPages(realPlugins, ['auth', 'entity-home']).map((plugin) =>
    plugin.id === 'bank'
      ? definePlugin({ ...plugin, pages: [definePage({ name: 'bank', component: load })] })
      : plugin,
  );
  return { plugins, load };
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('a page whose code cannot load', () => {
  it('offline: the shell stays, the page says so, and it shows by itself when the connection returns', async () => {
    const { plugins, load } = bankFailing(1);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await openAsPersona('claire', '/dossier/1001/banque', { entityId: 1001, plugins });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Vous êtes hors ligne');
    // Header and sidebar are still there and still work.
    expect(
      within(screen.getByRole('navigation', { name: "Navigation de l'entité" })).getByRole('link', {
        name: 'Banque',
      }),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Vous êtes hors ligne. Ce qui est affiché peut ne plus être à jour.',
    );
    setOnline(true);
    expect(await screen.findByRole('heading', { name: 'Relevés bancaires' })).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByText(/Vous êtes hors ligne/)).toBeNull());
  });

  it('online: a failure card with a retry that loads the page', async () => {
    const { plugins } = bankFailing(1);
    const portal = await openAsPersona('claire', '/dossier/1001/banque', { entityId: 1001, plugins });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Cette page n'a pas pu s'afficher.");
    await portal.user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: 'Relevés bancaires' })).toBeVisible();
  });
});
