import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realPlugins, renderPortal, withStubPages } from '../testing/render-portal.tsx';
import { openAsPersona } from '../testing/persona-fixtures.ts';
import type { PersonaName } from '../testing/persona-fixtures.ts';

// The first render of a file loads the lazy pages and translations cold.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(cleanup);

const plugins = withStubPages(realPlugins, ['auth', 'entity-home']);
const open = openAsPersona;

async function linksOf(navigationName: string): Promise<{ name: string; href: string | null }[]> {
  const nav = await screen.findByRole('navigation', { name: navigationName });
  return within(nav)
    .getAllByRole('link')
    .map((link) => ({ name: link.textContent, href: link.getAttribute('href') }));
}

async function linkNames(navigationName: string): Promise<string[]> {
  return (await linksOf(navigationName)).map((link) => link.name);
}

type LinksCase = {
  title: string;
  persona: PersonaName;
  path: string;
  options?: Parameters<typeof open>[2];
  /** The navigation's accessible name. */
  navigation: string;
  names: string[];
};

/** One test a row: the persona opens the path and the navigation shows these links, in this order. */
function itShowsLinks(cases: LinksCase[]): void {
  it.each(cases)('$title', async ({ persona, path, options, navigation, names }) => {
    await open(persona, path, options);
    expect(await linkNames(navigation)).toEqual(names);
  });
}

describe('where / lands (SPEC 2 landing rules)', () => {
  it.each([
    ['claire', '/dossier/1001/accueil'],
    ['marc', '/portefeuille/mes-entites'],
    ['sam', '/portefeuille/mes-entites'],
    ['paul', '/portefeuille/dossiers'],
    ['lea', '/portefeuille/dossiers'],
  ] as const)('%s lands on %s', async (persona, expected) => {
    const portal = await open(persona, '/');
    await waitFor(() => expect(portal.location()).toBe(expected));
  });

  it('a customer who has not accepted the current terms goes to terms validation first', async () => {
    const portal = await open('nina', '/', { terms: { state: 'required', termsId: 7 } });
    await waitFor(() =>
      expect(portal.location()).toBe('/validation-cgu/7?redirect=%2Fdossier%2F1003%2Faccueil'),
    );
    expect(await screen.findByRole('heading', { name: 'auth/terms-validation' })).toBeInTheDocument();
  });

  it('an anonymous visitor goes to the client login', async () => {
    const portal = await renderPortal({ plugins, path: '/', session: { status: 'anonymous' } });
    await waitFor(() => expect(portal.location()).toBe('/login'));
  });

  it('a stored token without a usable session goes to the login with sessionExpired=true', async () => {
    const portal = await renderPortal({ plugins, path: '/', session: { status: 'tokenWithoutAuth' } });
    await waitFor(() => expect(portal.location()).toBe('/login?sessionExpired=true'));
  });
});

describe('wallet tabs, in manifest order', () => {
  const everyCollaboratorTab = [
    'Dossiers',
    'Mandats',
    'Dépôt de rapport BI',
    'Rapports BI',
    'Souscriptions',
    'Demandes MOD',
    'Collaborateurs',
    'Applications',
    'Administration des dossiers',
    'Catalogue des offres',
    'Utilisateurs',
  ];

  itShowsLinks([
    {
      title: 'Paul (every collaborator code) sees every collaborator tab',
      persona: 'paul',
      path: '/portefeuille/dossiers',
      navigation: 'Onglets du portefeuille',
      names: everyCollaboratorTab,
    },
    {
      title: 'without the legacy BI deposit flag Paul does not see the deposit tab',
      persona: 'paul',
      path: '/portefeuille/dossiers',
      options: { flags: { legacyBiReportDeposit: false } },
      navigation: 'Onglets du portefeuille',
      names: everyCollaboratorTab.filter((tab) => tab !== 'Dépôt de rapport BI'),
    },
    {
      title: 'Lea (no code) sees only folders and the offers catalogue',
      persona: 'lea',
      path: '/portefeuille/dossiers',
      navigation: 'Onglets du portefeuille',
      names: ['Dossiers', 'Catalogue des offres'],
    },
    {
      title: 'Sam (no users code) sees the client tabs without users',
      persona: 'sam',
      path: '/portefeuille/mes-entites',
      navigation: 'Onglets du portefeuille',
      names: ['Collaborateurs', 'Mes entités'],
    },
  ]);

  it('Marc (customer with the users code) sees the client tabs with users', async () => {
    await open('marc', '/portefeuille/mes-entites');
    const links = await linksOf('Onglets du portefeuille');
    expect(links.map((link) => link.name)).toEqual(['Collaborateurs', 'Mes entités', 'Utilisateurs']);
    expect(links.map((link) => link.href)).toEqual([
      '/portefeuille/collaborateurs',
      '/portefeuille/mes-entites',
      '/portefeuille/gestion-utilisateurs',
    ]);
  });

  it('a collaborator with COOFF002 reaches the subscriptions from their wallet tab (SPEC 2, order 5)', async () => {
    const portal = await open('paul', '/portefeuille/dossiers');
    const nav = await screen.findByRole('navigation', { name: 'Onglets du portefeuille' });
    const tab = within(nav).getByRole('link', { name: 'Souscriptions' });
    expect(tab).toHaveAttribute('href', '/souscriptions');
    await act(() => portal.router.navigate('/souscriptions'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Souscriptions' })).toBeInTheDocument();
    // The wallet's tab bar stays, its subscriptions tab current.
    const bar = await screen.findByRole('navigation', { name: 'Onglets du portefeuille' });
    expect(within(bar).getByRole('link', { name: 'Souscriptions' })).toHaveAttribute('aria-current', 'page');
  });

  it('a collaborator without COOFF002 has no subscriptions tab and is sent to the landing page', async () => {
    const portal = await open('lea', '/souscriptions');
    await waitFor(() => expect(portal.location()).toBe('/portefeuille/dossiers'));
    expect(await linkNames('Onglets du portefeuille')).not.toContain('Souscriptions');
  });

  it('marks the current tab for assistive technology', async () => {
    await open('marc', '/portefeuille/mes-entites');
    const nav = await screen.findByRole('navigation', { name: 'Onglets du portefeuille' });
    expect(within(nav).getByRole('link', { name: 'Mes entités' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Collaborateurs' })).not.toHaveAttribute('aria-current');
  });
});

describe('entity sidebar, in manifest order', () => {
  it('Claire on her entity with documents v2 on', async () => {
    await open('claire', '/dossier/1001/accueil', { entityId: 1001 });
    const links = await linksOf("Navigation de l'entité");
    expect(links).toEqual([
      { name: 'Accueil', href: '/dossier/1001/accueil' },
      { name: 'Rapports BI', href: '/dossier/1001/rapports-bi' },
      { name: 'Comptabilité', href: '/dossier/1001/comptabilite/pennylane' },
      { name: 'Gestion sociale', href: '/dossier/1001/gestion-sociale' },
      { name: 'Banque', href: '/dossier/1001/banque' },
      { name: 'Indicateurs', href: '/dossier/1001/indicateurs' },
      { name: 'Applications', href: '/dossier/1001/launcher' },
      { name: 'Mon entreprise', href: '/dossier/1001/gestion-utilisateurs' },
      { name: 'Variables de paie', href: '/dossier/1001/variables-de-paie' },
    ]);
  });

  it('Claire with documents v2 off gets the legacy accounting entry instead', async () => {
    await open('claire', '/dossier/1001/accueil', { entityId: 1001, flags: { documentsV2: false } });
    const links = await linksOf("Navigation de l'entité");
    expect(links.find((link) => link.name === 'Comptabilité')?.href).toBe(
      '/dossier/1001/comptabilite/archive',
    );
  });

  itShowsLinks([
    {
      title: 'Marc on an entity where he holds no code sees home and the overview only',
      persona: 'marc',
      path: '/dossier/1003/accueil',
      options: { entityId: 1003 },
      navigation: "Navigation de l'entité",
      names: ['Accueil', 'Mon entreprise'],
    },
    {
      title: 'Marc on the clarity-visible entity where he signs sees BI reports',
      persona: 'marc',
      path: '/dossier/1002/accueil',
      options: { entityId: 1002 },
      navigation: "Navigation de l'entité",
      names: ['Accueil', 'Rapports BI', 'Gestion sociale', 'Banque', 'Mon entreprise'],
    },
    {
      title: 'Lea (no code) with documents v2 off sees only home',
      persona: 'lea',
      path: '/dossier/1001/accueil',
      options: { entityId: 1001, flags: { documentsV2: false } },
      navigation: "Navigation de l'entité",
      names: ['Accueil'],
    },
  ]);

  // SPEC 6: the accounting v2 permission is granted to collaborators; documents v2 needs its flag and the
  // accounting-software offer (Boulangerie Martin holds it).
  it.each([
    ['Lea (a collaborator without COGED0002)', 'lea'],
    ['Paul (every collaborator code)', 'paul'],
  ] as const)(
    '%s gets the accounting entry on an entity with the offer, and its page',
    async (_, persona) => {
      const portal = await open(persona, '/dossier/1001/accueil', { entityId: 1001 });
      const links = await linksOf("Navigation de l'entité");
      expect(links).toContainEqual({ name: 'Comptabilité', href: '/dossier/1001/comptabilite/pennylane' });
      await act(() => portal.router.navigate('/dossier/1001/comptabilite'));
      await waitFor(() => expect(portal.location()).toBe('/dossier/1001/comptabilite/pennylane'));
      const nav = await screen.findByRole('navigation', { name: "Navigation de l'entité" });
      expect(within(nav).getByRole('link', { name: 'Comptabilité' })).toHaveAttribute('aria-current', 'page');
    },
  );

  it('Paul (collaborator) has no apps entry and legacy accounting without the accounting-software offer', async () => {
    await open('paul', '/dossier/1002/accueil', { entityId: 1002 });
    const links = await linksOf("Navigation de l'entité");
    expect(links.map((link) => link.name)).toEqual([
      'Accueil',
      'Rapports BI',
      'Comptabilité',
      'Banque',
      'Indicateurs',
      'Mon entreprise',
      'Variables de paie',
    ]);
    expect(links[2]?.href).toBe('/dossier/1002/comptabilite/archive');
  });

  it('the entity is loaded from the URL when none is selected', async () => {
    const portal = await open('marc', '/dossier/1002/banque');
    expect(await screen.findByRole('heading', { level: 1, name: 'Banque' })).toBeInTheDocument();
    expect(portal.services.selectEntity).toHaveBeenCalledWith(1002);
    expect(screen.getByRole('link', { name: 'Banque' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('overview tabs', () => {
  itShowsLinks([
    {
      title: 'Paul sees every overview tab including the delegation history',
      persona: 'paul',
      path: '/dossier/1001/gestion-utilisateurs',
      options: { entityId: 1001 },
      navigation: "Onglets de l'entreprise",
      names: ['Utilisateurs', 'Collaborateurs', 'Offres', 'Informations', 'Historique des délégations'],
    },
  ]);

  it('Claire (customer) sees them without the delegation history; the sidebar entry stays current', async () => {
    await open('claire', '/dossier/1001/offres', { entityId: 1001 });
    expect(await linkNames("Onglets de l'entreprise")).toEqual([
      'Utilisateurs',
      'Collaborateurs',
      'Offres',
      'Informations',
    ]);
    expect(screen.getByRole('link', { name: 'Mon entreprise' })).toHaveAttribute('aria-current', 'page');
  });
});
