// The engine draws the home grid itself, under the page of a route that sets `homeGrid` (the entity
// home); no page plugin mounts it.
import { cleanup, configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openAsPersona } from '../testing/persona-fixtures.ts';
import { realPlugins, withStubPages } from '../testing/render-portal.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(cleanup);

function StubGrid() {
  return <section aria-label="home grid" />;
}

describe('the home grid', () => {
  it('shows under the entity home page, after its heading', async () => {
    await openAsPersona('claire', '/dossier/1001/accueil', { homeGrid: StubGrid });
    const heading = await screen.findByRole('heading', { level: 1, name: 'entity-home/home' });
    const grid = screen.getByRole('region', { name: 'home grid' });
    expect(heading.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('does not show on a page of a route without homeGrid', async () => {
    await openAsPersona('claire', '/dossier/1001/banque', {
      homeGrid: StubGrid,
      plugins: withStubPages(realPlugins, ['auth', 'entity-home', 'bank']),
    });
    await screen.findByRole('heading', { level: 1, name: 'bank/bank' });
    expect(screen.queryByRole('region', { name: 'home grid' })).toBeNull();
  });
});
