import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asPersona } from '../testing/persona-fixtures.ts';
import { loadRealManifest } from '../testing/manifest.ts';
import { realPlugins, renderPortal, withStubPages } from '../testing/render-portal.tsx';

/*
 * The switcher's searchable list arrives in its own chunk when the person reaches for the stand-in. What
 * they type before it arrives must be what the list searches for once it has taken over. The chunk is
 * held back here until the typing is done (its own file: the hold applies to every import of it).
 */
const chunk = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release: () => release() };
});
vi.mock('./entity-switcher-select.tsx', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

const plugins = withStubPages(realPlugins, ['auth', 'entity-home']);
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(cleanup);

describe('entity switcher before its list has loaded', () => {
  it('hands what was typed in the stand-in over to the list, which searches for it with the focus kept', async () => {
    const config = loadRealManifest();
    const portal = await renderPortal({
      ...asPersona(config, 'marc', 1002),
      plugins,
      path: '/dossier/1002/accueil',
    });
    const standIn = await screen.findByRole('textbox', { name: "Changer d'entité" });
    await portal.user.click(standIn);
    await portal.user.clear(standIn);
    await portal.user.type(standIn, 'Garage');
    // Still the stand-in: the list's code has not arrived, nothing was asked of the gateway.
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(portal.services.listEntities).not.toHaveBeenCalled();

    chunk.release();
    const listbox = await screen.findByRole('listbox');
    const input = screen.getByRole('textbox', { name: "Changer d'entité" });
    expect(input).toHaveValue('Garage');
    expect(input).toHaveFocus();
    await waitFor(() =>
      expect(portal.services.listEntities).toHaveBeenLastCalledWith({ pageSize: 20, search: 'Garage' }),
    );
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Garage Petit · C-1003']),
    );
  });
});
