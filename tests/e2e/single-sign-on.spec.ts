// Customer single sign-on end to end: the client login's button, the reference gateway's provider (its
// customers' client), the token exchange, and the sign-out that ends the provider session too.
import type { Page } from '@playwright/test';
import { describeViolations, expect, test } from './fixtures';
import { signInCustomer, submitCredentials } from './sign-in';

const CONTINUE = { name: 'Continuer avec la connexion unique' };

/** At the provider's sign-in page for customers, signs in there. */
async function signInAtProvider(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await expect(page.getByRole('heading', { name: 'Connexion unique' })).toBeVisible();
  await submitCredentials(page, email);
}

test('a customer signs in through the provider, reaches her home, and signing out ends the provider session too', async ({
  page,
  axe,
}) => {
  await page.goto('/login?choice=client');
  await expect(page.getByRole('button', CONTINUE)).toBeVisible();
  expect(describeViolations(await axe())).toEqual([]);

  await page.getByRole('button', CONTINUE).click();
  await signInAtProvider(page, 'claire.solo@demo.test');
  await expect(page).toHaveURL(/\/dossier\/1001\/accueil$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).not.toBeNull();

  await page.getByRole('button', { name: /Menu de/ }).click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  // Through the provider's sign-out and its return to /sso, back on the client login.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', CONTINUE)).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem('interaction-in-progress'))).toBeNull();

  // The provider session is gone: single sign-on asks for the credentials again instead of signing in.
  await page.getByRole('button', CONTINUE).click();
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await expect(page.getByLabel('Mot de passe')).toBeVisible();
});

test('single sign-on carries the page the customer was going to', async ({ page }) => {
  await page.goto('/login?choice=client&redirect=%2Fdossier%2F1002%2Fbanque');
  await page.getByRole('button', CONTINUE).click();
  await signInAtProvider(page, 'marc.multi@demo.test');
  await expect(page).toHaveURL(/\/dossier\/1002\/banque$/);
});

test('a collaborator cannot sign in through the customers’ single sign-on', async ({
  page,
  expectConsoleErrors,
}) => {
  expectConsoleErrors(/status of 401/);
  await page.goto('/login?choice=client');
  await page.getByRole('button', CONTINUE).click();
  await signInAtProvider(page, 'paul.collab@demo.test');
  await expect(page.getByRole('alert')).toHaveText('E-mail ou mot de passe incorrect.');
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
});

test('the single sign-on widget on a customer home of the default set opens its page from the manifest', async ({
  page,
}) => {
  await signInCustomer(page, 'marc.multi@demo.test');
  await page.goto('/dossier/1003/accueil');
  const widget = page.locator('[data-widget="sso/sso"]');
  const link = widget.getByRole('link', { name: 'Activer la connexion unique (nouvel onglet)' });
  await expect(link).toHaveAttribute('href', 'https://sso.cabinet.example/');
  await expect(link).toHaveAttribute('target', '_blank');
});
