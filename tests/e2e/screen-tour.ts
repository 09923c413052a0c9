// The screen tour (issue 30 item 9): every business screen of the portal, with the persona who uses it
// and how they reach it. tests/e2e/screenshots.spec.ts walks it at 1366 and 390 px (baselines, phone
// checks, axe, codes in visible text); tests/e2e/screen-tour.spec.ts checks that it covers every route of
// portal.config.json, so a new screen cannot be forgotten: a route left out is listed in NOT_TOURED with
// its reason.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { signInCollaborator, signInCustomerTo, submitCollaboratorLogin } from './sign-in';

/** The seeded personas (gateway/seed/personas.json) the tour signs in as, and where each one lands. */
export const TOUR_PERSONAS = {
  anonymous: { about: 'not signed in' },
  claire: {
    about: 'Claire Solo, customer of one company (1001) with every customer code',
    email: 'claire.solo@demo.test',
    landing: /\/dossier\/1001\/accueil$/,
  },
  marc: {
    about: 'Marc Multi, customer of three companies (signatory of 1002)',
    email: 'marc.multi@demo.test',
    landing: /\/portefeuille\/mes-entites$/,
  },
  nina: {
    about: 'Nina Terms, customer who has not accepted the current terms',
    email: 'nina.terms@demo.test',
    landing: /\/validation-cgu\/\d+$/,
  },
  paul: {
    about: 'Paul Collab, collaborator with every collaborator code',
    email: 'paul.collab@demo.test',
    landing: /\/portefeuille\/dossiers$/,
  },
  lea: {
    about: 'Léa Collab, collaborator with no code',
    email: 'lea.collab@demo.test',
    landing: /\/portefeuille\/dossiers$/,
  },
  olivia: {
    about: 'Olivia Owner, product owner (studio editor)',
    email: 'olivia.owner@demo.test',
    // A collaborator: the wallet, as SPEC 2 lands every collaborator (the studio is a wallet tab).
    landing: /\/portefeuille\/dossiers$/,
  },
} as const;

export type TourPersona = keyof typeof TOUR_PERSONAS;

export type TourStop = {
  /** File-name-safe and unique: the baselines are `screenshots/<id>-<width>-chromium.png`. */
  id: string;
  /** The manifest route shown (its `name` in portal.config.json). */
  route: string;
  persona: TourPersona;
  /** The address typed; none: where the persona's sign-in lands. */
  path?: string;
  /** What the person does on the screen to show a part of it that an address does not (a drawer, a menu). */
  open?: (page: Page) => Promise<void>;
  /** Why the baseline holds the first screenful only, when the whole page cannot be taken in time. */
  firstScreenOnly?: string;
};

const customer = ['claire', 'marc', 'nina'] as const;
const isCustomer = (persona: TourPersona): persona is (typeof customer)[number] =>
  (customer as readonly string[]).includes(persona);

/** Signs `persona` in as a person does (the login form, or the identity provider) and waits for the landing. */
export async function signInAs(page: Page, persona: TourPersona): Promise<void> {
  if (persona === 'anonymous') return;
  const { email, landing } = TOUR_PERSONAS[persona];
  if (isCustomer(persona)) {
    await signInCustomerTo(page, email, landing);
  } else if (persona === 'olivia') {
    await submitCollaboratorLogin(page, email);
    await expect(page).toHaveURL(landing);
  } else {
    await signInCollaborator(page, email);
  }
}

const openNotificationCentre = async (page: Page) => {
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
};

const openNotificationSettings = async (page: Page) => {
  await page.getByRole('button', { name: /^Menu de/ }).click();
  await page.getByRole('menuitem', { name: 'Paramètres de notifications' }).click();
  await expect(page.getByRole('dialog', { name: 'Paramètres de notifications' })).toBeVisible();
};

/** The screens, in the order a run takes them: signed out first, then customers, collaborators, studio. */
export const TOUR: readonly TourStop[] = [
  // Signed out: the ways in, the password screens, the system pages.
  { id: 'login', route: 'login', persona: 'anonymous', path: '/login' },
  { id: 'login-customer', route: 'login', persona: 'anonymous', path: '/login?choice=client' },
  { id: 'collaborator-login', route: 'collaboratorLogin', persona: 'anonymous', path: '/collaborateur' },
  { id: 'single-sign-on', route: 'singleSignOn', persona: 'anonymous', path: '/sso' },
  { id: 'expire-token', route: 'expireToken', persona: 'anonymous', path: '/expireToken' },
  { id: 'create-password', route: 'createPassword', persona: 'anonymous', path: '/createPassword?token=x' },
  {
    id: 'resend-email-success',
    route: 'resendEmailSuccess',
    persona: 'anonymous',
    path: '/resendEmailSuccess',
  },
  { id: 'reset-password', route: 'resetPassword', persona: 'anonymous', path: '/resetPassword' },
  {
    id: 'reset-password-success',
    route: 'resetPasswordSuccess',
    persona: 'anonymous',
    path: '/resetPasswordSuccess',
  },
  {
    id: 'reset-password-failed',
    route: 'resetPasswordFailed',
    persona: 'anonymous',
    path: '/resetPasswordFailed',
  },
  {
    id: 'reset-password-form',
    route: 'resetPasswordForm',
    persona: 'anonymous',
    path: '/resetPasswordForm?token=x',
  },
  {
    id: 'feature-not-available',
    route: 'featureNotAvailable',
    persona: 'anonymous',
    path: '/fonctionnalite-indisponible',
  },
  { id: 'maintenance', route: 'maintenance', persona: 'anonymous', path: '/maintenance' },
  { id: 'error-403', route: 'error.forbidden', persona: 'anonymous', path: '/error/403' },
  { id: 'error-404', route: 'error.notFound', persona: 'anonymous', path: '/error/404' },
  { id: 'error-500', route: 'error.server', persona: 'anonymous', path: '/error/500' },

  // The terms, where Nina's sign-in takes her, and their full text, linked from that page.
  { id: 'terms', route: 'termsValidation', persona: 'nina' },
  { id: 'terms-text', route: 'termsText', persona: 'nina', path: '/cgu' },

  // Claire, customer of one company: her entity's screens, the sidebar's and the overview's.
  { id: 'claire-home', route: 'entity.home', persona: 'claire', path: '/dossier/1001/accueil' },
  {
    id: 'claire-navigation',
    route: 'entity.home',
    persona: 'claire',
    path: '/dossier/1001/accueil',
    // On a phone the sidebar is a drawer behind the burger; on a desktop it is always shown.
    open: async (page) => {
      const burger = page.getByRole('button', { name: 'Ouvrir la navigation' });
      if (await burger.isVisible()) await burger.click();
      await expect(page.getByRole('navigation', { name: "Navigation de l'entité" })).toBeVisible();
    },
  },
  { id: 'claire-notifications', route: 'entity.home', persona: 'claire', open: openNotificationCentre },
  {
    id: 'claire-notification-settings',
    route: 'entity.home',
    persona: 'claire',
    open: openNotificationSettings,
  },
  {
    id: 'claire-bi-reports',
    route: 'entity.biReports',
    persona: 'claire',
    path: '/dossier/1001/rapports-bi',
  },
  {
    id: 'claire-accounting',
    route: 'entity.accounting.product',
    persona: 'claire',
    path: '/dossier/1001/comptabilite/pennylane',
  },
  {
    id: 'claire-accounting-archive',
    route: 'entity.accounting.archive',
    persona: 'claire',
    path: '/dossier/1001/comptabilite/archive',
  },
  {
    id: 'claire-social-management',
    route: 'entity.socialManagement',
    persona: 'claire',
    path: '/dossier/1001/gestion-sociale',
  },
  { id: 'claire-bank', route: 'entity.bank', persona: 'claire', path: '/dossier/1001/banque' },
  {
    id: 'claire-indicators',
    route: 'entity.indicators',
    persona: 'claire',
    path: '/dossier/1001/indicateurs',
  },
  { id: 'claire-launcher', route: 'entity.launcher', persona: 'claire', path: '/dossier/1001/launcher' },
  {
    id: 'claire-users',
    route: 'entity.users',
    persona: 'claire',
    path: '/dossier/1001/gestion-utilisateurs',
  },
  {
    id: 'claire-collaborators',
    route: 'entity.collaborators',
    persona: 'claire',
    path: '/dossier/1001/collaborateurs',
  },
  { id: 'claire-offers', route: 'entity.offers', persona: 'claire', path: '/dossier/1001/offres' },
  { id: 'claire-info', route: 'entity.info', persona: 'claire', path: '/dossier/1001/informations' },
  { id: 'claire-folder-launcher', route: 'folderLauncher', persona: 'claire', path: '/lanceur/1001' },
  {
    id: 'claire-account-administration',
    route: 'wallet.accountAdministration',
    persona: 'claire',
    path: '/portefeuille/administration-dossiers',
  },

  // Marc, customer of three companies: his wallet (the client tabs) and the smart-offer home of 1002.
  { id: 'marc-entities', route: 'wallet.entities', persona: 'marc', path: '/portefeuille/mes-entites' },
  { id: 'marc-home', route: 'entity.home', persona: 'marc', path: '/dossier/1002/accueil' },
  { id: 'marc-users', route: 'wallet.users', persona: 'marc', path: '/portefeuille/gestion-utilisateurs' },
  {
    id: 'marc-collaborators',
    route: 'wallet.collaborators',
    persona: 'marc',
    path: '/portefeuille/collaborateurs',
  },

  // Paul, collaborator with every code: the wallet's ten tabs, a folder's screens as the firm sees them.
  { id: 'paul-folders', route: 'wallet.folders', persona: 'paul', path: '/portefeuille/dossiers' },
  { id: 'paul-mandates', route: 'wallet.mandates', persona: 'paul', path: '/portefeuille/mandats' },
  {
    id: 'paul-bi-deposit',
    route: 'wallet.biDeposit',
    persona: 'paul',
    path: '/portefeuille/deposer-rapport-bi',
  },
  { id: 'paul-bi-reports', route: 'wallet.biReports', persona: 'paul', path: '/portefeuille/rapports-bi' },
  {
    id: 'paul-mod-requests',
    route: 'wallet.modRequests',
    persona: 'paul',
    path: '/portefeuille/demandes-mod',
  },
  {
    id: 'paul-collaborators',
    route: 'wallet.collaborators',
    persona: 'paul',
    path: '/portefeuille/collaborateurs',
    firstScreenOnly: "every collaborator of the firm's folders on one page: too tall to take whole in 10 s",
  },
  { id: 'paul-launcher', route: 'wallet.launcher', persona: 'paul', path: '/portefeuille/launcher' },
  {
    id: 'paul-account-administration',
    route: 'wallet.accountAdministration',
    persona: 'paul',
    path: '/portefeuille/administration-dossiers',
  },
  {
    id: 'paul-offers-catalog',
    route: 'wallet.offersCatalog',
    persona: 'paul',
    path: '/portefeuille/catalogue-des-offres',
  },
  { id: 'paul-users', route: 'wallet.users', persona: 'paul', path: '/portefeuille/gestion-utilisateurs' },
  { id: 'paul-mandates-page', route: 'mandates', persona: 'paul', path: '/mandats' },
  { id: 'paul-subscriptions', route: 'subscriptions', persona: 'paul', path: '/souscriptions' },
  { id: 'paul-home', route: 'entity.home', persona: 'paul', path: '/dossier/1002/accueil' },
  {
    id: 'paul-delegations',
    route: 'entity.delegations',
    persona: 'paul',
    path: '/dossier/1002/historique-delegations',
  },
  {
    id: 'paul-users-1002',
    route: 'entity.users',
    persona: 'paul',
    path: '/dossier/1002/gestion-utilisateurs',
  },
  {
    id: 'paul-collaborators-1002',
    route: 'entity.collaborators',
    persona: 'paul',
    path: '/dossier/1002/collaborateurs',
  },
  { id: 'paul-info-1002', route: 'entity.info', persona: 'paul', path: '/dossier/1002/informations' },

  // Léa, collaborator with no code: the two tabs she has.
  { id: 'lea-folders', route: 'wallet.folders', persona: 'lea', path: '/portefeuille/dossiers' },
  {
    id: 'lea-offers-catalog',
    route: 'wallet.offersCatalog',
    persona: 'lea',
    path: '/portefeuille/catalogue-des-offres',
  },

  // Olivia, product owner: the studio, her wallet's last tab.
  { id: 'studio', route: 'studio', persona: 'olivia', path: '/atelier' },
];

/**
 * Routes of the manifest the tour does not show, each with why: no screen of their own (a redirect or a
 * group of child routes), or no screen a person can reach in this build.
 */
export const NOT_TOURED: Readonly<Record<string, string>> = {
  root: 'redirects to the login or the landing; no screen of its own',
  auth: 'groups the sign-in routes (the login layout); its children are toured',
  entity: 'groups the entity screens (the home layout); its children are toured',
  'entity.index': 'redirects to entity.home',
  'entity.overview': 'groups the overview tabs (users, collaborators, offers, info, delegations), all toured',
  'entity.documents':
    'with the documentsV2 flag on (.env) it redirects to the accounting archive or social management, both toured',
  'entity.accounting': 'groups the accounting screens; its children are toured',
  'entity.accounting.index': 'redirects to entity.accounting.product (or the archive)',
  wallet: 'groups the wallet tabs; its children are toured',
  'wallet.index': 'redirects to the first tab the person has',
  error: 'groups the error pages; its children are toured',
};
