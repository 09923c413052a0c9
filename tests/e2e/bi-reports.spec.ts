// BI reports as people use them: Paul deposits a financial and an HR report on Cabinet Durand (1002) and
// finds them in the folder's list and the wallet's; Marc on 1002 (CLRAPP001 only) sees the financial one
// and no HR report; Claire opens her reports; Paul deletes one with the confirmation.
import type { Page } from '@playwright/test';
import { describeViolations, expect, test } from './fixtures';
import { signInCollaborator, signInCustomer } from './sign-in';
import { sidebar } from './screens';
import { expectOpensInBrowser, expectPdfDownload } from './files';

const signInPaul = (page: Page) => signInCollaborator(page, 'paul.collab@demo.test');

const pdf = (title: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${title}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );

async function deposit(page: Page, kind: 'Financier' | 'RH', title: string) {
  // A search that leaves one folder chooses it (by number: Paul's wallet holds thousands of Durand folders).
  const folder = page.getByRole('combobox', { name: 'Dossier' });
  if ((await folder.inputValue()) === '')
    await page.getByRole('searchbox', { name: 'Rechercher un dossier' }).fill('C-1002');
  await expect(folder).toHaveValue('1002');
  await page.getByText(kind, { exact: true }).click();
  await page.getByLabel('Titre').fill(title);
  await page.getByLabel('Période').fill('2026-09');
  await page
    .getByLabel('Fichier du rapport')
    .setInputFiles({ name: 'rapport.pdf', mimeType: 'application/pdf', buffer: pdf(title) });
  await expect(page.getByRole('status').filter({ hasText: `« ${title} » est déposé.` })).toBeVisible();
}

test('Paul deposits reports and finds them in both lists; Marc on 1002 sees the financial one and no HR report', async ({
  page,
  axe,
}) => {
  // Two people, two deposits and three accessibility checks: more than the default 30 s on a busy machine.
  test.slow();
  await signInPaul(page);
  await page.getByRole('link', { name: 'Dépôt de rapport BI' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Déposer un rapport BI' })).toBeVisible();
  expect(describeViolations(await axe())).toEqual([]);
  await deposit(page, 'Financier', 'Tableau de bord septembre');
  await deposit(page, 'RH', 'Bilan social septembre');

  // The folder's list.
  await page.getByRole('link', { name: 'Voir les rapports de Cabinet Durand' }).click();
  await expect(page).toHaveURL(/\/dossier\/1002\/rapports-bi\?reportId=\d+$/);
  const entityList = page.getByRole('table', { name: 'Rapports BI de l’entité' });
  await expect(entityList.getByText('Tableau de bord septembre')).toBeVisible();
  await expect(entityList.getByText('Bilan social septembre')).toBeVisible();
  await expect(entityList.locator('tr[aria-current="true"]')).toContainText('Bilan social septembre');

  // The wallet's list, filtered by folder (searchable) and kind.
  await page.goto('/portefeuille/rapports-bi');
  const walletList = page.getByRole('table', { name: 'Rapports BI de tous les dossiers' });
  await expect(walletList.getByText('Tableau de bord septembre')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher un dossier' }).fill('C-1002');
  await expect(page).toHaveURL(/folder=1002/);
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'RH' });
  await expect(walletList.getByRole('row')).toHaveCount(2);
  await expect(walletList.getByRole('row').nth(1)).toContainText('Bilan social septembre');
  expect(describeViolations(await axe())).toEqual([]);

  // Marc, CLRAPP001 only on 1002.
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  await signInCustomer(page, 'marc.multi@demo.test');
  await page.goto('/dossier/1002/rapports-bi');
  const marcList = page.getByRole('table', { name: 'Rapports BI de l’entité' });
  await expect(marcList.getByText('Tableau de bord septembre')).toBeVisible();
  await expect(marcList.getByText('Bilan social septembre')).toHaveCount(0);
  await expect(marcList.getByText('RH', { exact: true })).toHaveCount(0);
  await expect(marcList.getByRole('button', { name: /^Supprimer/ })).toHaveCount(0);
  expect(describeViolations(await axe())).toEqual([]);
});

test('Claire opens and downloads her reports; Paul deletes one after confirming', async ({ page }) => {
  await signInCustomer(page, 'claire.solo@demo.test');
  await sidebar(page).getByRole('link', { name: 'Rapports BI' }).click();
  const list = page.getByRole('table', { name: 'Rapports BI de l’entité' });
  await expect(list.getByRole('row')).toHaveCount(4);
  const title = (await list.getByRole('row').nth(1).getByRole('cell').first().textContent()) ?? '';
  await expectOpensInBrowser(page, title);
  await expectPdfDownload(page, title, `${title}.pdf`);
  await expect(list.getByRole('button', { name: /^Supprimer/ })).toHaveCount(0);

  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  await signInPaul(page);
  await page.goto('/dossier/1001/rapports-bi');
  await expect(list.getByRole('row')).toHaveCount(4);
  await page.getByRole('button', { name: `Supprimer ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer ce rapport ?' });
  await expect(dialog).toContainText(`« ${title} » de Boulangerie Martin SARL`);
  await dialog.getByRole('button', { name: 'Supprimer le rapport' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(list.getByRole('row')).toHaveCount(3);
  await expect(list.getByText(title, { exact: true })).toHaveCount(0);
});
