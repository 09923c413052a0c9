import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asPersona, openAsPersona } from '../testing/persona-fixtures.ts';
import { loadRealManifest } from '../testing/manifest.ts';
import { realPlugins, renderPortal, withStubPages } from '../testing/render-portal.tsx';
import type { RenderedPortal } from '../testing/render-portal.tsx';

const plugins = withStubPages(realPlugins, ['auth', 'entity-home']);
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(cleanup);

function names(navigation: HTMLElement): string[] {
  return within(navigation)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

/** Opens Marc's user menu from the header. */
async function openMarcMenu(portal: RenderedPortal): Promise<void> {
  await portal.user.click(await screen.findByRole('button', { name: 'Menu de Marc Multi' }));
}

/** Opens the entity switcher and picks an entity. */
async function switchTo(portal: RenderedPortal, option: string): Promise<void> {
  await portal.user.click(await screen.findByRole('textbox', { name: "Changer d'entité" }));
  await portal.user.click(await screen.findByRole('option', { name: option }));
}

describe('an altered manifest drives the navigation with no code change', () => {
  it('two sidebar items swapped and one wallet tab hidden', async () => {
    const config = loadRealManifest();
    const bank = config.sidebar.find((item) => item.id === 'bank');
    const social = config.sidebar.find((item) => item.id === 'social-management');
    if (bank === undefined || social === undefined) throw new Error('manifest changed');
    [bank.order, social.order] = [social.order, bank.order];
    const collaborators = config.walletTabs.client.find((tab) => tab.id === 'collaborators');
    if (collaborators === undefined) throw new Error('manifest changed');
    collaborators.when = { not: { fact: 'user.isAuthenticated' } };

    await openAsPersona('marc', '/dossier/1002/accueil', { entityId: 1002, manifest: config });
    expect(names(await screen.findByRole('navigation', { name: "Navigation de l'entité" }))).toEqual([
      'Accueil',
      'Rapports BI',
      'Banque',
      'Gestion sociale',
      'Mon entreprise',
    ]);
    cleanup();
    await openAsPersona('marc', '/portefeuille/mes-entites', { manifest: config });
    expect(names(await screen.findByRole('navigation', { name: 'Onglets du portefeuille' }))).toEqual([
      'Mes entités',
      'Utilisateurs',
    ]);
  });
});

describe('header', () => {
  it("shows the user's name and switches language, remembered", async () => {
    const portal = await openAsPersona('marc', '/portefeuille/mes-entites');
    await openMarcMenu(portal);
    await portal.user.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My entities' })).toBeInTheDocument();
    expect(window.localStorage.getItem('portal-language')).toBe('en');
    await portal.i18n.changeLanguage('fr-FR');
    window.localStorage.removeItem('portal-language');
  });

  it('notification settings open only when their flag is on', async () => {
    const on = await openAsPersona('marc', '/portefeuille/mes-entites');
    await openMarcMenu(on);
    await on.user.click(await screen.findByRole('menuitem', { name: 'Paramètres de notifications' }));
    const drawer = await screen.findByRole('dialog', { name: 'Paramètres de notifications' });
    // This harness has no gateway: the drawer's form says its settings could not be loaded.
    expect(
      await within(drawer).findByText('Impossible de charger vos paramètres de notifications.'),
    ).toBeInTheDocument();
    cleanup();
    const off = await openAsPersona('marc', '/portefeuille/mes-entites', {
      flags: { notificationSettingsDrawer: false },
    });
    await openMarcMenu(off);
    await screen.findByRole('menuitem', { name: 'Se déconnecter' });
    expect(screen.queryByRole('menuitem', { name: 'Paramètres de notifications' })).not.toBeInTheDocument();
  });

  it('the menu opens from the keyboard on the button drawn before its code arrives', async () => {
    const portal = await openAsPersona('marc', '/portefeuille/mes-entites');
    const button = await screen.findByRole('button', { name: 'Menu de Marc Multi' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await portal.user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Se déconnecter' })).toBeInTheDocument();
    // The real button took the stand-in's place; the focus went with it into the open menu.
    const real = screen.getByRole('button', { name: 'Menu de Marc Multi' });
    expect(real).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() =>
      expect(screen.getByRole('menu')).toContainElement(document.activeElement as HTMLElement),
    );
  });

  it('sign-out calls the session layer and shows the login', async () => {
    const portal = await openAsPersona('marc', '/portefeuille/mes-entites');
    await openMarcMenu(portal);
    await portal.user.click(await screen.findByRole('menuitem', { name: 'Se déconnecter' }));
    await waitFor(() => expect(portal.location()).toBe('/login'));
    expect(portal.services.signOut).toHaveBeenCalledTimes(1);
  });
});

describe('entity switcher', () => {
  it('asks for the entity list when opened, not on the way in', async () => {
    const portal = await openAsPersona('marc', '/dossier/1002/accueil', { entityId: 1002 });
    const input = await screen.findByRole('textbox', { name: "Changer d'entité" });
    expect(input).toHaveValue('Cabinet Durand · C-1002');
    expect(portal.services.listEntities).not.toHaveBeenCalled();
    await portal.user.click(input);
    await waitFor(() => expect(portal.services.listEntities).toHaveBeenCalledWith({ pageSize: 20 }));
    expect(await screen.findByRole('option', { name: 'Garage Petit · C-1003' })).toBeInTheDocument();
  });

  it.each([
    {
      title: 'keeps the same page on the new entity when it is open there',
      persona: 'paul' as const,
      from: 1001,
      option: 'Cabinet Durand · C-1002',
      landing: '/dossier/1002/banque',
      then: (portal: RenderedPortal) => expect(portal.services.selectEntity).toHaveBeenCalledWith(1002),
    },
    {
      title: "goes to the new entity's home when the page is closed there, and the sidebar follows",
      persona: 'marc' as const,
      from: 1002,
      option: 'Garage Petit · C-1003',
      landing: '/dossier/1003/accueil',
      then: async () => {
        const sidebar = screen.getByRole('navigation', { name: "Navigation de l'entité" });
        await waitFor(() => expect(names(sidebar)).toEqual(['Accueil', 'Mon entreprise']));
      },
    },
  ])('$title', async ({ persona, from, option, landing, then }) => {
    const portal = await openAsPersona(persona, `/dossier/${String(from)}/banque`, { entityId: from });
    await switchTo(portal, option);
    await waitFor(() => expect(portal.location()).toBe(landing));
    await then(portal);
  });

  it('searches by account number, favourites first', async () => {
    const config = loadRealManifest();
    const options = asPersona(config, 'marc', 1002);
    if (options.session?.user) options.session.user.favoriteEntities = [1003];
    const portal = await renderPortal({ ...options, plugins, path: '/dossier/1002/accueil' });
    await portal.user.click(await screen.findByRole('textbox', { name: "Changer d'entité" }));
    const listbox = await screen.findByRole('listbox');
    // The searchable list took the place of the input drawn before its code arrived.
    const input = screen.getByRole('textbox', { name: "Changer d'entité" });
    expect(input).toHaveFocus();
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Garage Petit · C-1003', 'Boulangerie Martin SARL · C-1001', 'Cabinet Durand · C-1002']),
    );
    await portal.user.clear(input);
    await portal.user.type(input, 'C-1001');
    await waitFor(() =>
      expect(portal.services.listEntities).toHaveBeenLastCalledWith({ pageSize: 20, search: 'C-1001' }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Boulangerie Martin SARL · C-1001']),
    );
  });
});
