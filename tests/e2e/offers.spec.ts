// Offers end to end: Paul validates 1003's accounting-software request and the home of 1003 switches to
// the accounting widget set after the normal refetch; a refusal needs a reason; the catalogue and an
// entity's offers; axe on each page.
import type { Page } from '@playwright/test';
import { describeViolations, expect, test } from './fixtures';
import { signInCollaborator, signInCustomer } from './sign-in';
import { openAt, openFromMenu, walletTabs } from './screens';

const widgets = (page: Page) =>
  page
    .locator('[data-widget]')
    .evaluateAll((frames) => frames.map((frame) => frame.getAttribute('data-widget')));

test('Paul validates the MOD request of 1003 and its home switches to the accounting widget set', async ({
  page,
  axe,
}) => {
  // Sign-in, two homes and a decision: longer than the default 30 s on a shared machine.
  test.setTimeout(60_000);
  await signInCollaborator(page, 'paul.collab@demo.test');
  await page.getByRole('searchbox', { name: 'Rechercher un dossier (nom ou numéro)' }).fill('C-1003');
  await page.getByRole('link', { name: 'Ouvrir le dossier Garage Petit' }).click();
  await expect(page).toHaveURL(/\/dossier\/1003\/accueil$/);
  await expect(page.locator('[data-widget]').first()).toBeVisible();
  expect(await widgets(page)).not.toContain('accounting/intro');

  // Back to the wallet inside the app (no reload), to the MOD requests.
  await page.goBack();
  await openFromMenu(walletTabs(page), 'Demandes MOD');
  const table = page.getByRole('table', { name: 'Demandes de souscription' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  expect(describeViolations(await axe())).toEqual([]);

  await table.getByRole('button', { name: 'Valider Logiciel comptable pour Garage Petit' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Logiciel comptable est validée pour Garage Petit' }),
  ).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: 'Garage Petit' });
  await expect(row).toContainText('Validée');

  await row.getByRole('link', { name: 'Garage Petit' }).click();
  await expect(page).toHaveURL(/\/dossier\/1003\/accueil$/);
  // The accounting set (SPEC 2, rule 2) starts with the accounting intro; its documents widget needs a
  // customer code, so Paul does not get that one.
  await expect.poll(async () => (await widgets(page))[0]).toBe('accounting/intro');
});

test('a refusal needs a reason, which then shows with the request', async ({ page }) => {
  await signInCollaborator(page, 'paul.collab@demo.test');
  await page.goto('/portefeuille/demandes-mod?status=pending');
  const table = page.getByRole('table', { name: 'Demandes de souscription' });
  // Opposite decisions stand apart: 8 to 12 px between Valider and Refuser (a slip picks the wrong one).
  const validate = await table
    .getByRole('button', { name: 'Valider Logiciel comptable pour Cabinet Durand' })
    .boundingBox();
  const refuse = await table
    .getByRole('button', { name: 'Refuser Logiciel comptable pour Cabinet Durand' })
    .boundingBox();
  const gap = refuse!.x - (validate!.x + validate!.width);
  expect(gap).toBeGreaterThanOrEqual(8);
  expect(gap).toBeLessThanOrEqual(12);
  await table.getByRole('button', { name: 'Refuser Logiciel comptable pour Cabinet Durand' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refuser Logiciel comptable pour Cabinet Durand' });
  await dialog.getByRole('button', { name: 'Refuser la demande' }).click();
  await expect(dialog.getByText('Indiquez le motif du refus.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Motif du refus' }).fill('Offre non disponible pour ce dossier');
  await dialog.getByRole('button', { name: 'Refuser la demande' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Statut' }).selectOption({ label: 'Refusée' });
  await expect(table.getByRole('row').filter({ hasText: 'Cabinet Durand' })).toContainText(
    'Motif : Offre non disponible pour ce dossier',
  );
});

test('the catalogue shows prices and activates an offer for a folder as a MOD request', async ({
  page,
  axe,
}) => {
  await signInCollaborator(page, 'paul.collab@demo.test');
  await walletTabs(page).getByRole('link', { name: 'Catalogue des offres' }).click();
  await expect(page.getByText(/^30,00\s€ HT par mois \(prix selon le dossier\)$/)).toBeVisible();
  expect(describeViolations(await axe())).toEqual([]);
  await page.getByRole('button', { name: 'Activer Paie pour un dossier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Activer Paie' });
  await dialog.getByRole('textbox', { name: 'Rechercher un dossier (nom ou numéro)' }).fill('C-1004');
  await dialog.getByRole('radio', { name: 'Atelier Lemoine · C-1004' }).check();
  await expect(dialog.getByText(/^Prix pour Atelier Lemoine : 25,00\s€ HT par mois$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Activer pour un dossier' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /Demande d'activation de Paie créée pour Atelier Lemoine/ }),
  ).toBeVisible();
  await walletTabs(page).getByRole('link', { name: 'Demandes MOD' }).click();
  await expect(
    page
      .getByRole('table', { name: 'Demandes de souscription' })
      .getByRole('row')
      .filter({ hasText: 'Atelier Lemoine' })
      .first(),
  ).toContainText('Paie');
});

test('Paul (COOFF002) reaches the subscriptions from their wallet tab; axe passes', async ({ page, axe }) => {
  await signInCollaborator(page, 'paul.collab@demo.test');
  await openFromMenu(walletTabs(page), 'Souscriptions');
  await expect(page).toHaveURL(/\/souscriptions$/);
  const table = page.getByRole('table', { name: 'Souscriptions des entités' });
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: 'Boulangerie Martin SARL' })
      .filter({ hasText: 'Logiciel comptable' }),
  ).toContainText('Active');
  await expect(walletTabs(page).getByRole('link', { name: 'Souscriptions' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(describeViolations(await axe())).toEqual([]);
});

test('Lea (no COOFF002) has no subscriptions tab, and their address sends her to her landing page', async ({
  page,
}) => {
  await signInCollaborator(page, 'lea.collab@demo.test');
  await expect(walletTabs(page).getByRole('link', { name: 'Souscriptions' })).toHaveCount(0);
  await page.goto('/souscriptions');
  await expect(page).toHaveURL(/\/portefeuille\/dossiers$/);
});

test('Claire sees her entity’s offers and asks for one; axe passes', async ({ page, axe }) => {
  await signInCustomer(page, 'claire.solo@demo.test');
  await openAt(page, '/dossier/1001/offres', 'Offres');
  await expect(page.getByRole('listitem').filter({ hasText: 'Logiciel comptable' })).toContainText('Active');
  expect(describeViolations(await axe())).toEqual([]);
  await page.getByRole('button', { name: 'Demander Formulaires' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Votre demande de Formulaires est envoyée au cabinet.' }),
  ).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Formulaires' })).toContainText(
    'Demande en attente',
  );
});
