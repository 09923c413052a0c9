// The other wallet and entity screens of issue 13: Marc's entities (two, then more on demand), mandates
// and their status, the launchers, the company sheet; axe on each, and the folders page at 360 px.
import { describeViolations, expect, test } from './fixtures';
import { signInCollaborator, signInCustomer, signInAt, PAUL } from './sign-in';
import { openFromMenu, walletTabs } from './screens';

test('Marc sees two entities, favourites first, shows the third on demand and opens his second one', async ({
  page,
  axe,
}) => {
  await signInCustomer(page, 'marc.multi@demo.test', { landing: /\/portefeuille\/mes-entites$/ });
  const list = page.getByRole('list', { name: 'Mes entités' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  // 1002 is Marc's seeded favourite: first although "Boulangerie" sorts before "Cabinet".
  await expect(list.getByRole('listitem').first()).toContainText('Cabinet Durand');
  expect(describeViolations(await axe())).toEqual([]);
  await page.getByRole('button', { name: 'Afficher 1 entité de plus' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('button', { name: /Afficher/ })).toHaveCount(0);
  await list.getByRole('listitem').nth(1).getByRole('link').click();
  await expect(page).toHaveURL(/\/dossier\/1001\/accueil$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('selected-entity'))).toBe('1001');
});

test('Paul filters mandates by status and changes one; the mandate tool link opens in a new tab', async ({
  page,
  axe,
}) => {
  await signInCollaborator(page, 'paul.collab@demo.test');
  await openFromMenu(walletTabs(page), 'Mandats');
  const tool = page.getByRole('link', { name: "Ouvrir l'outil de gestion des mandats" });
  await expect(tool).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(tool).toHaveAttribute('target', '_blank');
  await page.getByRole('combobox', { name: 'Statut', exact: true }).selectOption({ label: 'Suspendu' });
  await expect(page).toHaveURL(/status=suspended/);
  const table = page.getByRole('table', { name: 'Mandats des dossiers' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  // The seed suspends two mandates of 1001 and two of 1004: a header and four rows.
  await expect(table.getByRole('row')).toHaveCount(5);
  expect(describeViolations(await axe())).toEqual([]);
  const select = table.getByRole('combobox').first();
  await select.selectOption({ label: 'Actif' });
  await expect(page.getByRole('status').filter({ hasText: 'Statut enregistré' })).toBeVisible();
  // It is no longer suspended: the filtered list lost it.
  await expect(table.getByRole('row')).toHaveCount(4);
});

test('launchers: Claire’s accounting software with her entity number; Paul’s firm tools', async ({
  page,
  axe,
}) => {
  await signInCustomer(page, 'claire.solo@demo.test');
  await page.goto('/dossier/1001/launcher');
  const tile = page.getByRole('link', { name: /^Logiciel comptable/ });
  await expect(tile).toHaveAttribute('href', 'https://compta.example/C-1001');
  await expect(tile).toHaveAttribute('rel', 'noopener noreferrer');
  expect(describeViolations(await axe())).toEqual([]);
});

test('Paul’s wallet launcher lists the firm tools', async ({ page, axe }) => {
  await signInCollaborator(page, 'paul.collab@demo.test');
  await walletTabs(page).getByRole('link', { name: 'Applications' }).click();
  await expect(page.getByRole('link', { name: /^Intranet du cabinet/ })).toBeVisible();
  expect(describeViolations(await axe())).toEqual([]);
});

test('the company sheet: Paul edits it, an invalid SIREN is refused with its message, axe passes', async ({
  page,
  axe,
}) => {
  await signInAt(page, PAUL, '/dossier/1002/informations', 'Informations');
  expect(describeViolations(await axe())).toEqual([]);
  await page.getByRole('button', { name: 'Modifier la fiche' }).click();
  await page.getByRole('textbox', { name: /SIREN/ }).fill('123');
  await page.getByRole('textbox', { name: /Ville/ }).fill('Villeurbanne');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le SIREN compte 9 chiffres.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Ville/ })).toHaveValue('Villeurbanne');
  expect(describeViolations(await axe())).toEqual([]);
  await page.getByRole('textbox', { name: /SIREN/ }).fill('552 100 554');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: "La fiche de l'entreprise est enregistrée." }),
  ).toBeVisible();
  await expect(page.getByText('Villeurbanne')).toBeVisible();
});

test('at 360 px the folders page keeps its search, table and pages reachable', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInCollaborator(page, 'paul.collab@demo.test');
  await expect(page.getByRole('searchbox', { name: 'Rechercher un dossier (nom ou numéro)' })).toBeVisible();
  await expect(page.getByLabel('Pages')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("at 390 px a collaborator's wallet tabs are one row that scrolls, the current tab and the title in view", async ({
  page,
  axe,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInCollaborator(page, 'paul.collab@demo.test');
  const tabs = walletTabs(page).getByRole('link');
  await expect(tabs.first()).toBeVisible();
  expect(await tabs.count()).toBeGreaterThan(5);
  // The last tab, scrolled out of the row: reached by its address, it comes into view.
  const last = tabs.last();
  await page.goto((await last.getAttribute('href')) ?? '/');
  await expect(last).toHaveAttribute('aria-current', 'page');
  const tops = await tabs.evaluateAll((links) => links.map((link) => link.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
  await expect.poll(async () => (await last.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
  const box = await last.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(390);
  // The page's title within the first third of the screen, and no page-wide sideways scroll.
  const title = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(title?.y ?? Infinity).toBeLessThan(844 / 3);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(describeViolations(await axe())).toEqual([]);
});
