// Navigation end to end: landing per persona, the entity switcher, back and forward across guards,
// accessibility of the wallet and entity pages, the sidebar with the keyboard alone. Built portal, real
// Chromium, the reference gateway and its OIDC provider.
import { describeViolations, expect, test } from './fixtures';
import { signInCollaborator, signInCustomerTo, submitCustomerLogin as signInCustomer } from './sign-in';
import { expectRefusedAt, openAt, sidebar, walletTabs } from './screens';

test.describe('each persona lands where SPEC 2 says', () => {
  for (const [email, landing] of [
    ['claire.solo@demo.test', /\/dossier\/1001\/accueil$/],
    ['marc.multi@demo.test', /\/portefeuille\/mes-entites$/],
    ['sam.nousers@demo.test', /\/portefeuille\/mes-entites$/],
    ['nina.terms@demo.test', /\/validation-cgu\/\d+(\?redirect=[^&]+)?$/],
  ] as const) {
    test(`customer ${email}`, async ({ page }) => {
      await signInCustomerTo(page, email, landing);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('Sam sees the client wallet without the users tab', async ({ page }) => {
    await signInCustomer(page, 'sam.nousers@demo.test');
    await expect(walletTabs(page).getByRole('link')).toHaveText(['Collaborateurs', 'Mes entités']);
  });

  test('Paul (every collaborator code) through the identity provider', async ({ page }) => {
    await signInCollaborator(page, 'paul.collab@demo.test');
    await expect(walletTabs(page).getByRole('link')).toHaveCount(11);
  });

  test('Lea (no code) through the identity provider sees folders and the offers catalogue', async ({
    page,
  }) => {
    await signInCollaborator(page, 'lea.collab@demo.test');
    await expect(walletTabs(page).getByRole('link')).toHaveText(['Dossiers', 'Catalogue des offres']);
  });
});

test('switching entity updates the sidebar and its permissions', async ({ page }) => {
  await signInCustomerTo(page, 'marc.multi@demo.test', /\/portefeuille\/mes-entites$/);
  await openAt(page, '/dossier/1002/banque', 'Banque');
  await expect(sidebar(page).getByRole('link', { name: 'Banque' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('textbox', { name: "Changer d'entité" }).click();
  await page.getByRole('option', { name: /Garage Petit/ }).click();
  // Marc has no bank permission on 1003: the equivalent page is closed, so the entity's home.
  await expect(page).toHaveURL(/\/dossier\/1003\/accueil$/);
  await expect(sidebar(page).getByRole('link')).toHaveText(['Accueil', 'Mon entreprise']);

  await page.getByRole('textbox', { name: "Changer d'entité" }).click();
  await page.getByRole('option', { name: /Cabinet Durand/ }).click();
  await expect(page).toHaveURL(/\/dossier\/1002\/accueil$/);
  await expect(sidebar(page).getByRole('link', { name: 'Banque' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('selected-entity'))).toBe('1002');
});

test('back and forward work across guards without loops', async ({ page }) => {
  await signInCustomerTo(page, 'marc.multi@demo.test', /\/portefeuille\/mes-entites$/);
  await page.goto('/dossier/1002/accueil');
  await sidebar(page).getByRole('link', { name: 'Banque' }).click();
  await expect(page).toHaveURL(/\/dossier\/1002\/banque$/);
  await expectRefusedAt(page, '/dossier/abc/accueil');
  await page.goto('/dossier/1003/banque');
  // No bank permission on 1003: the landing page, replacing the entry.
  await expect(page).toHaveURL(/\/portefeuille\/mes-entites$/);

  await page.goBack();
  await expect(page).toHaveURL(/\/error\/403$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/dossier\/1002\/banque$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Banque' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/dossier\/1002\/accueil$/);
  await page.goForward();
  await expect(page).toHaveURL(/\/dossier\/1002\/banque$/);
  await page.goForward();
  await expect(page).toHaveURL(/\/error\/403$/);
  // Stable: no redirect ping-pong after the last move.
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/error\/403$/);
});

test('no serious or critical accessibility violation on the wallet and entity pages', async ({
  page,
  axe,
}) => {
  await signInCustomer(page, 'marc.multi@demo.test');
  await expect(walletTabs(page)).toBeVisible();
  expect(describeViolations(await axe())).toEqual([]);
  await openAt(page, '/dossier/1002/gestion-sociale', 'Gestion sociale');
  expect(describeViolations(await axe())).toEqual([]);
});

test('the sidebar works with the keyboard alone', async ({ page }) => {
  await signInCustomerTo(page, 'marc.multi@demo.test', /\/portefeuille\/mes-entites$/);
  await page.goto('/dossier/1002/accueil');
  await expect(sidebar(page)).toBeVisible();
  const bank = sidebar(page).getByRole('link', { name: 'Banque' });
  for (let presses = 0; presses < 30; presses += 1) {
    await page.keyboard.press('Tab');
    if (await bank.evaluate((link) => link === document.activeElement)) break;
  }
  await expect(bank).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dossier\/1002\/banque$/);
  // Focus moved to the new page's heading.
  await expect(page.getByRole('heading', { level: 1, name: 'Banque' })).toBeFocused();
});

test('at 360 px the sidebar sits behind a burger', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInCustomerTo(page, 'marc.multi@demo.test', /\/portefeuille\/mes-entites$/);
  await page.goto('/dossier/1002/accueil');
  const burger = page.getByRole('button', { name: 'Ouvrir la navigation' });
  await expect(burger).toBeVisible();
  await burger.click();
  await sidebar(page).getByRole('link', { name: 'Banque' }).click();
  await expect(page).toHaveURL(/\/dossier\/1002\/banque$/);
  // A link chosen in the phone menu closes it.
  await expect(page.getByRole('button', { name: 'Ouvrir la navigation' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Banque' })).toBeVisible();
  await page.screenshot({ path: 'test-results/navigation-360.png' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
});
