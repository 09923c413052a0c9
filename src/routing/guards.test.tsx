import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { definePage, definePlugin } from '../plugin-host/plugin-definition.ts';
import { loadRealManifest } from '../testing/manifest.ts';
import { realPlugins, renderPortal, withStubPages } from '../testing/render-portal.tsx';
import { asPersona, openAsPersona } from '../testing/persona-fixtures.ts';
import { sessionStarted } from '../store/session-slice.ts';
import { pathTo } from './route-paths.ts';

// The first render of a file loads the lazy pages and translations cold.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(cleanup);

const plugins = withStubPages(realPlugins, ['auth', 'entity-home']);
const open = openAsPersona;

describe('entity guard', () => {
  it('a non-numeric entity id shows 403', async () => {
    const portal = await open('claire', '/dossier/abc/accueil', { entityId: 1001 });
    await waitFor(() => expect(portal.location()).toBe('/error/403'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Accès refusé' })).toBeInTheDocument();
    expect(portal.services.selectEntity).not.toHaveBeenCalled();
  });

  it('an entity the user cannot load shows 403', async () => {
    const portal = await open('claire', '/dossier/9999/accueil', { entityId: 1001 });
    await waitFor(() => expect(portal.location()).toBe('/error/403'));
    expect(portal.services.selectEntity).toHaveBeenCalledWith(9999);
    expect(await screen.findByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
  });

  it('an entity that failed to load once is loaded again on the next visit', async () => {
    const portal = await open('marc', '/portefeuille/mes-entites');
    await screen.findByRole('heading', { level: 1, name: 'Mes entités' });
    const select = portal.services.selectEntity.getMockImplementation();
    portal.services.selectEntity.mockImplementationOnce(() => Promise.reject(new Error('gateway down')));
    await act(() => portal.router.navigate('/dossier/1002/banque'));
    await waitFor(() => expect(portal.location()).toBe('/error/403'));
    if (select !== undefined) portal.services.selectEntity.mockImplementation(select);
    await act(() => portal.router.navigate('/dossier/1002/banque'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Banque' })).toBeInTheDocument();
    expect(portal.services.selectEntity).toHaveBeenCalledTimes(2);
  });

  it('nothing of the page shows while the entity loads', async () => {
    const portal = await open('marc', '/portefeuille/mes-entites');
    await screen.findByRole('heading', { level: 1, name: 'Mes entités' });
    const select = portal.services.selectEntity.getMockImplementation();
    let finish = () => undefined as unknown;
    portal.services.selectEntity.mockImplementationOnce(
      (entityId) =>
        new Promise<void>((resolve) => {
          finish = () => select?.(entityId).then(resolve);
        }),
    );
    // The page's code and translations are in, so only the guard can keep the page off the screen.
    await portal.runtime.registry.page('bank/bank')?.component();
    await portal.i18n.loadNamespaces('bank');
    await act(() => portal.router.navigate('/dossier/1002/banque'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(portal.location()).toBe('/dossier/1002/banque');
    expect(portal.router.state.navigation.state).toBe('idle');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Banque' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Banque' })).not.toBeInTheDocument();
    // Once the entity is in, the same page shows: the check above was not passing by accident.
    await act(async () => {
      await finish();
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Banque' })).toBeInTheDocument();
  });
});

describe('access from route meta', () => {
  it('a feature flag off shows 404', async () => {
    const portal = await open('claire', '/dossier/1001/comptabilite/pennylane', {
      entityId: 1001,
      flags: { documentsV2: false },
    });
    await waitFor(() => expect(portal.location()).toBe('/error/404'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
  });

  it('a missing permission sends the user to the landing page', async () => {
    const portal = await open('sam', '/dossier/1002/banque', { entityId: 1002 });
    await waitFor(() => expect(portal.location()).toBe('/portefeuille/mes-entites'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes entités' })).toBeInTheDocument();
  });

  it('a wallet tab closed to the user sends them to the landing page', async () => {
    const portal = await open('lea', '/portefeuille/mandats');
    await waitFor(() => expect(portal.location()).toBe('/portefeuille/dossiers'));
  });
});

describe("collaborators' routes (route meta isCollaboratorRoute)", () => {
  function usersForCollaboratorsOnly() {
    const config = loadRealManifest();
    const wallet = config.routes.find((route) => route.name === 'wallet');
    const users = wallet?.children?.find((route) => route.name === 'wallet.users');
    if (users?.meta === undefined) throw new Error('manifest changed');
    users.meta.isCollaboratorRoute = true;
    return config;
  }

  /** The users tab is the current page of the wallet's tab bar, and the address stayed. */
  async function reachedUsersTab(location: () => string) {
    const tabs = await screen.findByRole('navigation', { name: 'Onglets du portefeuille' });
    expect(within(tabs).getByRole('link', { name: 'Utilisateurs' })).toHaveAttribute('aria-current', 'page');
    expect(location()).toBe('/portefeuille/gestion-utilisateurs');
  }

  it('a customer with the code reaches a route not marked for collaborators', async () => {
    const portal = await open('marc', '/portefeuille/gestion-utilisateurs');
    await reachedUsersTab(portal.location);
  });

  it('marked in the manifest, the same route answers that customer 404, whatever their codes', async () => {
    const portal = await open('marc', '/portefeuille/gestion-utilisateurs', {
      manifest: usersForCollaboratorsOnly(),
    });
    await waitFor(() => expect(portal.location()).toBe('/error/404'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
  });

  it('a collaborator still reaches it', async () => {
    const portal = await open('paul', '/portefeuille/gestion-utilisateurs', {
      manifest: usersForCollaboratorsOnly(),
    });
    await reachedUsersTab(portal.location);
  });

  it("the shipped collaborators' routes answer a customer 404 (the folders wallet, the delegation history)", async () => {
    const folders = await open('claire', '/portefeuille/dossiers');
    await waitFor(() => expect(folders.location()).toBe('/error/404'));
    cleanup();
    const history = await open('claire', '/dossier/1001/historique-delegations', { entityId: 1001 });
    await waitFor(() => expect(history.location()).toBe('/error/404'));
  });
});

describe('maintenance', () => {
  it('with the mode on, every route goes to /maintenance', async () => {
    const portal = await open('marc', '/portefeuille/mes-entites', { flags: { maintenanceMode: true } });
    await waitFor(() => expect(portal.location()).toBe('/maintenance'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Maintenance en cours' }),
    ).toBeInTheDocument();
  });

  it('anonymous visitors too', async () => {
    const portal = await renderPortal({
      plugins,
      path: '/login',
      session: { status: 'anonymous' },
      flags: { maintenanceMode: true },
    });
    await waitFor(() => expect(portal.location()).toBe('/maintenance'));
  });

  it('with the mode off, /maintenance leads back to the landing page', async () => {
    const portal = await open('marc', '/maintenance');
    await waitFor(() => expect(portal.location()).toBe('/portefeuille/mes-entites'));
  });
});

describe('authentication', () => {
  it('an anonymous-only route sends a signed-in user to the authenticated root', async () => {
    const portal = await open('paul', '/login');
    await waitFor(() => expect(portal.location()).toBe('/portefeuille/dossiers'));
  });

  it('an authenticated route sends an anonymous visitor to the login, remembering where they went', async () => {
    const portal = await renderPortal({
      plugins,
      path: '/portefeuille/mes-entites?page=2',
      session: { status: 'anonymous' },
    });
    await waitFor(() =>
      expect(portal.location()).toBe(
        `/login?redirect=${encodeURIComponent('/portefeuille/mes-entites?page=2')}`,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'auth/client-login' })).toBeInTheDocument();
  });

  it('shows nothing protected while the session is being checked', async () => {
    const marc = asPersona(loadRealManifest(), 'marc');
    const portal = await renderPortal({
      ...marc,
      plugins,
      path: '/portefeuille/mes-entites',
      session: { ...marc.session, status: 'unknown' },
    });
    // The page's code and translations are in, so only the guard can keep the page off the screen.
    await portal.runtime.registry.page('wallet/entities')?.component();
    await portal.i18n.loadNamespaces('wallet');
    await waitFor(() => expect(portal.router.state.initialized).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryAllByRole('heading').map((h) => h.outerHTML)).toEqual([]);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    // Once the session is known, the same page shows: the check above was not passing by accident.
    act(() => {
      const { user, globalPermissions = [], entityCount = 0 } = marc.session ?? {};
      if (user) portal.store.dispatch(sessionStarted({ user, globalPermissions, entityCount }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes entités' })).toBeInTheDocument();
  });

  it('a trailing-slash variant redirects', async () => {
    const portal = await renderPortal({ plugins, path: '/login/?x=1', session: { status: 'anonymous' } });
    await waitFor(() => expect(portal.location()).toBe('/login?x=1'));
  });
});

describe('unknown paths', () => {
  it('a path with a known prefix is passed through with its query', async () => {
    const portal = await renderPortal({
      plugins,
      path: '/hermes/collaborateur?code=abc&state=xyz',
      session: { status: 'anonymous' },
    });
    await waitFor(() => expect(portal.location()).toBe('/collaborateur?code=abc&state=xyz'));
    expect(await screen.findByRole('heading', { name: 'auth/collaborator-login' })).toBeInTheDocument();
  });

  it('any other unknown path shows 404', async () => {
    const portal = await open('marc', '/nulle-part');
    await waitFor(() => expect(portal.location()).toBe('/error/404'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
  });
});

describe('route redirects', () => {
  it.each([
    {
      name: 'legacy documents go to social management for a social document notification (query kept)',
      persona: 'claire',
      from: '/dossier/1001/ged?notificationType=Ged-GSDocumentUploaded',
      to: '/dossier/1001/gestion-sociale?notificationType=Ged-GSDocumentUploaded',
    },
    {
      name: 'legacy documents go to the accounting archive otherwise when documents v2 is on',
      persona: 'paul',
      from: '/dossier/1001/ged',
      to: '/dossier/1001/comptabilite/archive',
    },
    {
      name: 'the accounting index picks the documents v2 product when allowed',
      persona: 'claire',
      from: '/dossier/1001/comptabilite',
      to: '/dossier/1001/comptabilite/pennylane',
    },
  ] as const)('$name', async ({ persona, from, to }) => {
    const portal = await open(persona, from, { entityId: 1001 });
    await waitFor(() => expect(portal.location()).toBe(to));
  });
});

describe('titles, focus and errors', () => {
  it('the document title comes from the route meta, else the default title', async () => {
    await open('marc', '/portefeuille/mes-entites');
    await waitFor(() => expect(document.title).toBe('Mes entités'));
    cleanup();
    await open('marc', '/dossier/1002/accueil', { entityId: 1002 });
    await waitFor(() => expect(document.title).toBe('Accueil'));
  });

  it('focus moves to the new page heading after following a sidebar link', async () => {
    const portal = await open('marc', '/dossier/1002/accueil', { entityId: 1002 });
    await portal.user.click(await screen.findByRole('link', { name: 'Banque' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Banque' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('a page that throws shows the 500 page inside the shell, with a way back', async () => {
    const throwing = definePlugin({
      id: 'bank',
      pages: [
        definePage({
          name: 'bank',
          component: () =>
            Promise.resolve({
              default: function Broken(): never {
                throw new Error('boom');
              },
            }),
        }),
      ],
    });
    const withBroken = plugins.map((plugin) => (plugin.id === 'bank' ? throwing : plugin));
    const portal = await open('marc', '/dossier/1002/banque', { entityId: 1002, plugins: withBroken });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Une erreur est survenue' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
    // Still inside the shell: the sidebar is there.
    const sidebar = screen.getByRole('navigation', { name: "Navigation de l'entité" });
    expect(within(sidebar).getByRole('link', { name: 'Banque' })).toBeInTheDocument();
    expect(portal.logs.some((entry) => entry.level === 'error' && entry.message === 'A page failed')).toBe(
      true,
    );
  });

  it('asking for an unregistered route name is logged and gives the 404 path', () => {
    const config = loadRealManifest();
    const errors: string[] = [];
    const path = pathTo(config, { error: (message: string) => errors.push(message) }, 'entity.nowhere');
    expect(path).toBe('/error/404');
    expect(errors).toEqual(['Route "entity.nowhere" is not registered']);
  });
});
