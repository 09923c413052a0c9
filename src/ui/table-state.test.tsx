import { cleanup, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithPortal } from '../testing/render-with-portal.tsx';
import { loadRealManifest } from '../testing/manifest.ts';
import { useTableState } from './table-state.ts';

afterEach(cleanup);

function Harness() {
  const table = useTableState({ filterKeys: ['min', 'period'], searchDelayMs: 20 });
  const location = useLocation();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          // Two changes before the page draws again, as when a debounced search lands while a filter is set.
          table.setFilter('period', 'fiscalYear');
          table.setFilter('min', '3000');
        }}
      >
        Filtrer
      </button>
      <input
        aria-label="Rechercher"
        value={table.searchInput}
        onChange={(e) => table.setSearchInput(e.target.value)}
      />
      <output aria-label="address">{location.search}</output>
    </>
  );
}

const render = () => renderWithPortal(<Harness />, { config: loadRealManifest(), route: '/list?page=3' });

describe('table state in the address', () => {
  it('keeps every change made before the page draws again (none overwrites another)', async () => {
    const view = await render();
    await view.user.click(screen.getByRole('button', { name: 'Filtrer' }));
    const address = new URLSearchParams(screen.getByRole('status', { name: 'address' }).textContent);
    expect(address.get('period')).toBe('fiscalYear');
    expect(address.get('min')).toBe('3000');
    // A filter change goes back to the first page.
    expect(address.get('page')).toBeNull();
  });

  it('keeps a search typed just before a filter is set', async () => {
    const view = await render();
    await view.user.type(screen.getByRole('textbox', { name: 'Rechercher' }), 'URSSAF');
    await view.user.click(screen.getByRole('button', { name: 'Filtrer' }));
    await expect
      .poll(() => new URLSearchParams(screen.getByRole('status', { name: 'address' }).textContent).get('q'))
      .toBe('URSSAF');
    const address = new URLSearchParams(screen.getByRole('status', { name: 'address' }).textContent);
    expect(address.get('min')).toBe('3000');
  });
});
