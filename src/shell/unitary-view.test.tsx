import { cleanup, configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRealManifest } from '../testing/manifest.ts';
import { openAsPersona } from '../testing/persona-fixtures.ts';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(cleanup);

const entityNavigation = () => screen.queryByRole('navigation', { name: "Navigation de l'entité" });

describe('the unitaryView route setting', () => {
  it('the folder launcher shows the folder’s applications alone: header, no entity sidebar', async () => {
    await openAsPersona('paul', '/lanceur/1001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    expect(await screen.findByRole('button', { name: /^Menu de/ })).toBeVisible();
    expect(entityNavigation()).not.toBeInTheDocument();
    expect(document.title).toBe('Applications du dossier');
  });

  it('the same page in the entity area keeps its sidebar', async () => {
    await openAsPersona('paul', '/dossier/1001/launcher');
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    expect(entityNavigation()).toBeInTheDocument();
  });

  it('is data: set on the entity launcher route, its sidebar goes too', async () => {
    const config = loadRealManifest();
    const entity = config.routes.find((route) => route.name === 'entity');
    const launcher = entity?.children?.find((route) => route.name === 'entity.launcher');
    if (launcher === undefined) throw new Error('manifest changed');
    launcher.meta = { ...launcher.meta, unitaryView: true };
    await openAsPersona('paul', '/dossier/1001/launcher', { manifest: config });
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    expect(entityNavigation()).not.toBeInTheDocument();
  });

  it('a folder the person is not attached to is refused (403), as in the entity area', async () => {
    const portal = await openAsPersona('lea', '/lanceur/1002');
    await vi.waitFor(() => expect(portal.location()).toBe('/error/403'));
  });
});

describe('the feature-not-available page', () => {
  it('is a real page, signed in or not, with a way back', async () => {
    await openAsPersona('claire', '/fonctionnalite-indisponible');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fonctionnalité indisponible' }),
    ).toBeVisible();
    expect(screen.getByText("Cette fonctionnalité n'est pas disponible pour le moment.")).toBeVisible();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
  });
});
