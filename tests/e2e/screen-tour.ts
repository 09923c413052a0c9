// The screen tour (issue 30 item 9): every business screen of the portal, with the persona who uses it
// and how they reach it. tests/e2e/screenshots.spec.ts walks it at 1366 and 390 px (baselines, phone
// checks, axe, codes in visible text); tests/e2e/screen-tour.spec.ts checks that it covers every route of
// portal.config.json, so a new screen cannot be forgotten: a route left out is listed in NOT_TOURED with
// its reason.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { signInCollaborator, signInCustomerTo, submitCollaboratorLogin } from './sign-in';
import tour from './screen-tour.json' with { type: 'json' };

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

/** What a stop's person does on the screen (`open` in screen-tour.json), by name. */
const OPEN_ACTIONS: Readonly<Record<string, (page: Page) => Promise<void>>> = {
  // On a phone the sidebar is a drawer behind the burger; on a desktop it is always shown.
  navigation: async (page) => {
    const burger = page.getByRole('button', { name: 'Ouvrir la navigation' });
    if (await burger.isVisible()) await burger.click();
    await expect(page.getByRole('navigation', { name: "Navigation de l'entité" })).toBeVisible();
  },
  notificationCentre: async (page) => {
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  },
  notificationSettings: async (page) => {
    await page.getByRole('button', { name: /^Menu de/ }).click();
    await page.getByRole('menuitem', { name: 'Paramètres de notifications' }).click();
    await expect(page.getByRole('dialog', { name: 'Paramètres de notifications' })).toBeVisible();
  },
};

type StopData = { id: string; route: string; path?: string; open?: string; firstScreenOnly?: string };
type GroupData = { persona: string; stops: readonly StopData[] };

const isPersona = (name: string): name is TourPersona => Object.hasOwn(TOUR_PERSONAS, name);

/** A stop of screen-tour.json; a persona or an action it does not know stops the run at once. */
function stopOf(persona: string, { open, ...stop }: StopData): TourStop {
  if (!isPersona(persona)) throw new Error(`screen-tour.json: unknown persona ${persona} at ${stop.id}`);
  if (open === undefined) return { ...stop, persona };
  const action = OPEN_ACTIONS[open];
  if (!action) throw new Error(`screen-tour.json: unknown action ${open} at ${stop.id}`);
  return { ...stop, persona, open: action };
}

const groups: readonly GroupData[] = tour.groups;

/** The screens, in the order a run takes them (screen-tour.json). */
export const TOUR: readonly TourStop[] = groups.flatMap((group) =>
  group.stops.map((stop) => stopOf(group.persona, stop)),
);

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
  maintenance:
    'drawn only by a build with maintenance mode on (the e2e build has it off, so /maintenance sends people home); src/routing/guard-rules.test.ts and the system pages tests render it',
  singleSignOn:
    'the single sign-on callback: it signs the person in or returns to the login, no screen of its own',
};
