// The sign-in steps a person takes, shared by the specs: the customer form, and the collaborator's pass
// through the identity provider. `submit…` stops after the click (for tests of what follows it);
// `signIn…` also waits until the person has landed.
import type { APIRequestContext, Page } from '@playwright/test';
import { GATEWAY_URL, expect } from './fixtures';
import { openAt } from './screens';

/** Every seeded persona's password (gateway/seed/personas.json). */
export const PASSWORD = 'Demo-2026!';

/** Signs a persona in at the gateway itself, outside the browser; answers their bearer token. */
export async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post(`${GATEWAY_URL}/authentication/api/login`, {
    data: { email, password: PASSWORD },
  });
  return ((await answer.json()) as { token: string }).token;
}

/** Types the e-mail and password into the sign-in form on screen (the portal's or the provider's). */
export async function fillCredentials(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
}

/** Fills the sign-in form on screen and presses "Se connecter". */
export async function submitCredentials(page: Page, email: string, password = PASSWORD): Promise<void> {
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

export async function submitCustomerLogin(
  page: Page,
  email: string,
  path = '/login?choice=client',
  password = PASSWORD,
): Promise<void> {
  await page.goto(path);
  await submitCredentials(page, email, password);
}

/** Submits a customer's sign-in and waits for the address they land on, no more (what loads next is the test's). */
export async function signInCustomerTo(
  page: Page,
  email: string,
  landing: RegExp,
  path?: string,
): Promise<void> {
  await submitCustomerLogin(page, email, path);
  await expect(page).toHaveURL(landing);
}

/**
 * Signs a customer in (a seeded persona unless a password is given) and waits for the landing page's
 * title: off the login page, or at `landing` when the test names it.
 */
export async function signInCustomer(
  page: Page,
  email: string,
  { password = PASSWORD, landing }: { password?: string; landing?: RegExp } = {},
): Promise<void> {
  await submitCustomerLogin(page, email, undefined, password);
  if (landing === undefined) await expect(page).not.toHaveURL(/\/login/);
  else await expect(page).toHaveURL(landing);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

export async function submitCollaboratorLogin(page: Page, email: string): Promise<void> {
  await page.goto('/collaborateur');
  await page.getByRole('button', { name: 'Se connecter avec mon compte collaborateur' }).click();
  await expect(page).toHaveURL(/\/oidc\//);
  await submitCredentials(page, email);
}

/** Signs a collaborator in through the identity provider and waits for the folders, their landing. */
export async function signInCollaborator(page: Page, email: string): Promise<void> {
  await submitCollaboratorLogin(page, email);
  await expect(page).toHaveURL(/\/portefeuille\/dossiers$/);
}

/** A seeded persona: a customer signs in through the form, a collaborator through the identity provider. */
export type Signer = { customer: string } | { collaborator: string };

/** The seeded personas the specs sign in as most (gateway/seed/personas.json). */
export const CLAIRE: Signer = { customer: 'claire.solo@demo.test' };
export const MARC: Signer = { customer: 'marc.multi@demo.test' };
export const PAUL: Signer = { collaborator: 'paul.collab@demo.test' };

/** Signs `who` in, then goes to `path` and waits for its title. */
export async function signInAt(page: Page, who: Signer, path: string, title: string): Promise<void> {
  if ('customer' in who) await signInCustomer(page, who.customer);
  else await signInCollaborator(page, who.collaborator);
  await openAt(page, path, title);
}

/** Accepts the terms of use on their page and waits for the landing that follows. */
export async function acceptTermsTo(page: Page, landing: RegExp): Promise<void> {
  await page.getByRole('button', { name: "J'accepte les conditions" }).click();
  await expect(page).toHaveURL(landing);
}

/** Signed out: the login page with its button, and no session token left in the tab. */
export async function expectSignedOut(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
}
