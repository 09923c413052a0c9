// The sign-in steps a person takes, shared by the specs: the customer form, and the collaborator's pass
// through the identity provider. `submit…` stops after the click (for tests of what follows it);
// `signIn…` also waits until the person has landed.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Every seeded persona's password (gateway/seed/personas.json). */
export const PASSWORD = 'Demo-2026!';

export async function submitCustomerLogin(
  page: Page,
  email: string,
  path = '/login?choice=client',
  password = PASSWORD,
): Promise<void> {
  await page.goto(path);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Signs a customer in and waits for the landing page's title. */
export async function signInCustomer(page: Page, email: string): Promise<void> {
  await submitCustomerLogin(page, email);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

export async function submitCollaboratorLogin(page: Page, email: string): Promise<void> {
  await page.goto('/collaborateur');
  await page.getByRole('button', { name: 'Se connecter avec mon compte collaborateur' }).click();
  await expect(page).toHaveURL(/\/oidc\//);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Signs a collaborator in through the identity provider and waits for the folders, their landing. */
export async function signInCollaborator(page: Page, email: string): Promise<void> {
  await submitCollaboratorLogin(page, email);
  await expect(page).toHaveURL(/\/portefeuille\/dossiers$/);
}
