import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRealManifest } from '../testing/manifest.ts';
import { openAsPersona } from '../testing/persona-fixtures.ts';

// The first render of a file loads the lazy pages and translations cold.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(cleanup);

function withoutSupport() {
  const manifest = loadRealManifest();
  if (manifest.branding === undefined) throw new Error('manifest changed');
  delete manifest.branding.support;
  return manifest;
}

const region = () => screen.queryByRole('region', { name: 'Contacter le support' });

describe('the support contact of the manifest (SPEC 9)', () => {
  it.each([
    ['the 404 page', '/error/404', 'Page introuvable', {}],
    ['the 403 page', '/error/403', 'Accès refusé', {}],
    ['the 500 page', '/error/500', 'Une erreur est survenue', {}],
    ['the maintenance page', '/portefeuille/mes-entites', 'Maintenance en cours', { maintenanceMode: true }],
  ])('%s shows it', async (_, path, title, flags) => {
    await openAsPersona('marc', path, { flags });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const support = await screen.findByRole('region', { name: 'Contacter le support' });
    expect(support).toHaveTextContent('Sophie Laurent');
    expect(within(support).getByRole('link', { name: 'support@moreau-associes.example' })).toHaveAttribute(
      'href',
      'mailto:support@moreau-associes.example',
    );
    expect(support).toHaveTextContent('Horaires : Du lundi au vendredi, de 9 h à 18 h');
  });

  it.each([
    ['the 404 page', '/error/404', 'Page introuvable', {}],
    ['the maintenance page', '/portefeuille/mes-entites', 'Maintenance en cours', { maintenanceMode: true }],
  ])('absent from the manifest, %s shows none', async (_, path, title, flags) => {
    await openAsPersona('marc', path, { flags, manifest: withoutSupport() });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(region()).toBeNull();
    expect(screen.queryByText('Sophie Laurent')).not.toBeInTheDocument();
  });

  it('the help of the user menu gives it, its phone and e-mail as items that call and write', async () => {
    const portal = await openAsPersona('marc', '/portefeuille/mes-entites');
    await portal.user.click(await screen.findByRole('button', { name: 'Menu de Marc Multi' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Aide')).toBeInTheDocument();
    expect(within(menu).getByText('Sophie Laurent')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Téléphone\u00a0: 01 84 60 12 30' })).toHaveAttribute(
      'href',
      'tel:0184601230',
    );
    expect(
      within(menu).getByRole('menuitem', { name: 'E-mail\u00a0: support@moreau-associes.example' }),
    ).toHaveAttribute('href', 'mailto:support@moreau-associes.example');
    expect(within(menu).getByText('Horaires : Du lundi au vendredi, de 9 h à 18 h')).toBeInTheDocument();
  });

  it('the hours follow the language', async () => {
    const portal = await openAsPersona('marc', '/error/404');
    await portal.i18n.changeLanguage('en');
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Contact support' })).toHaveTextContent(
        'Hours: Monday to Friday, 9 am to 6 pm',
      ),
    );
  });

  it('absent from the manifest, the user menu has no help', async () => {
    const portal = await openAsPersona('marc', '/portefeuille/mes-entites', { manifest: withoutSupport() });
    await portal.user.click(await screen.findByRole('button', { name: 'Menu de Marc Multi' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Se déconnecter' })).toBeInTheDocument();
    expect(within(menu).queryByText('Aide')).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: /01 84 60 12 30/ })).not.toBeInTheDocument();
  });
});
