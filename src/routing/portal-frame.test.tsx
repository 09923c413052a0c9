import { act, cleanup, configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openAsPersona } from '../testing/persona-fixtures.ts';
import { realPlugins, withStubPages } from '../testing/render-portal.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(cleanup);

/** The bank page, whose code arrives only when the test says so. */
function withSlowBankPage() {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<{ default: () => React.JSX.Element }>((resolve) => {
    arrive = () =>
      resolve({
        default: function BankPage() {
          return <h1 tabIndex={-1}>bank/bank</h1>;
        },
      });
  });
  const plugins = withStubPages(realPlugins, ['auth', 'entity-home']).map((plugin) =>
    plugin.id === 'bank'
      ? {
          ...plugin,
          pages: (plugin.pages ?? []).map((page) =>
            page.name === 'bank' ? { ...page, component: () => arrived } : page,
          ),
        }
      : plugin,
  );
  return { plugins, arrive };
}

describe('the navigation progress bar', () => {
  it('shows while the next page’s code is on its way, over the page left, and goes when it comes', async () => {
    const slow = withSlowBankPage();
    const portal = await openAsPersona('claire', '/dossier/1001/accueil', { plugins: slow.plugins });
    await screen.findByRole('heading', { level: 1, name: 'entity-home/home' });
    expect(screen.queryByRole('progressbar', { name: 'Chargement…' })).toBeNull();

    act(() => void portal.router.navigate('/dossier/1001/banque'));
    // A page that comes at once shows no bar: none before the delay.
    expect(screen.queryByRole('progressbar', { name: 'Chargement…' })).toBeNull();
    expect(await screen.findByRole('progressbar', { name: 'Chargement…' })).toBeInTheDocument();
    // The page left stays until the next one can be drawn.
    expect(screen.getByRole('heading', { level: 1, name: 'entity-home/home' })).toBeInTheDocument();

    act(() => slow.arrive());
    expect(await screen.findByRole('heading', { level: 1, name: 'bank/bank' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Chargement…' })).toBeNull();
  });
});
