// The collaborators' folders among 5,000 (GATEWAY_SEED_FOLDERS in e2e-env.json): search by number as one
// types, star, reload, the star comes first; open a folder; the keyboard alone; Lea's limits.
import type { Page } from '@playwright/test';
import { GATEWAY_URL, describeViolations, expect, test } from './fixtures';
import { signInCollaborator } from './sign-in';
import { walletTabs } from './screens';

const table = (page: Page) => page.getByRole('table', { name: 'Dossiers clients' });
const search = (page: Page) => page.getByRole('searchbox', { name: 'Rechercher un dossier (nom ou numéro)' });

test('Paul finds a folder by number among 5,000, stars it, and after a reload it comes first', async ({
  page,
  axe,
}) => {
  await signInCollaborator(page, 'paul.collab@demo.test');
  await expect(page.getByRole('status').filter({ hasText: '5004 résultats' })).toBeVisible();
  await search(page).fill('D-104237');
  await expect(page).toHaveURL(/q=D-104237/);
  const rows = table(page).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('D-104237');
  const name = (await rows.nth(1).getByRole('link').textContent()) ?? '';

  await rows
    .nth(1)
    .getByRole('button', { name: `Ajouter ${name} aux favoris` })
    .click();
  await expect(rows.nth(1).getByRole('button', { name: `Retirer ${name} des favoris` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Back to the whole list, reloaded: the starred folder is first though its name does not sort first.
  await page.goto('/portefeuille/dossiers');
  await page.reload();
  await expect(table(page).getByRole('row').nth(1)).toContainText('D-104237');
  expect(describeViolations(await axe())).toEqual([]);

  await table(page)
    .getByRole('link', { name: `Ouvrir le dossier ${name}` })
    .click();
  await expect(page).toHaveURL(/\/dossier\/104237\/accueil$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('selected-entity'))).toBe('104237');
});

test('the search is kept in the address: the back button restores it', async ({ page }) => {
  await signInCollaborator(page, 'paul.collab@demo.test');
  await search(page).fill('Garage Petit');
  await expect(page).toHaveURL(/q=Garage\+Petit/);
  await table(page)
    .getByRole('button', { name: /Trier.*Numéro/ })
    .click();
  await expect(page).toHaveURL(/sort=accountNumber/);
  await page.goBack();
  await expect(search(page)).toHaveValue('Garage Petit');
  await page.goto('/portefeuille/dossiers?q=C-1003');
  await expect(table(page).getByRole('row')).toHaveCount(2);
  await expect(table(page).getByRole('row').nth(1)).toContainText('Garage Petit');
});

test('the folders page works with the keyboard alone', async ({ page }) => {
  await signInCollaborator(page, 'paul.collab@demo.test');
  await search(page).focus();
  await page.keyboard.type('D-100042');
  await expect(table(page).getByRole('row')).toHaveCount(2);
  // Tab to the star, press it, then to the folder's link and open it.
  await page.keyboard.press('Tab');
  let focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
  for (let step = 0; step < 10 && !focused.startsWith('Ajouter'); step += 1) {
    await page.keyboard.press('Tab');
    focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
  }
  expect(focused).toMatch(/^Ajouter .* aux favoris$/);
  await page.keyboard.press('Enter');
  await expect(table(page).getByRole('button', { name: /^Retirer .* des favoris$/ })).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dossier\/100042\/accueil$/);
});

test('Lea (no codes) sees only the folders and the catalogue; the gateway refuses her the rest', async ({
  page,
  request,
}) => {
  await signInCollaborator(page, 'lea.collab@demo.test');
  await expect(walletTabs(page).getByRole('link')).toHaveText(['Dossiers', 'Catalogue des offres']);
  await expect(table(page).getByRole('row')).toHaveCount(2);
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token ?? ''}` };
  for (const path of [
    '/wallet/api/portfolio/mandates',
    '/offer/api/portfolio/mod-requests',
    '/offer/api/portfolio/subscriptions',
    '/connect/api/accounts/1001/company-sheet',
  ]) {
    expect((await request.get(`${GATEWAY_URL}${path}`, { headers })).status(), path).toBe(403);
  }
  expect(
    (
      await request.post(`${GATEWAY_URL}/offer/api/mod-requests/1/decision`, {
        headers,
        data: { decision: 'validated' },
      })
    ).status(),
  ).toBe(403);
  expect((await request.get(`${GATEWAY_URL}/wallet/api/portfolio/folders`, { headers })).status()).toBe(200);
});
