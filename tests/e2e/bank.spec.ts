// The bank page as Claire uses it: balances, last quarter's transactions, their CSV export; and the rule
// of the manifest (CLBANK001) enforced by the portal and the gateway.
import { readFileSync } from 'node:fs';
import { GATEWAY_URL, describeViolations, expect, test } from './fixtures';
import { signInCustomer as signIn, signInAt, CLAIRE } from './sign-in';
import { onDemoDay, openFromMenu, sidebar } from './screens';
import { downloadFrom } from './files';

const euros = (text: string) => Number(text.replace(/[^\d,+-]/g, '').replace(',', '.'));

test('Claire filters last quarter’s transactions and exports exactly the rows shown', async ({
  page,
  axe,
}) => {
  await signIn(page, 'claire.solo@demo.test', { landing: /\/dossier\/1001\/accueil$/ });
  // "Last quarter" is counted from the browser's day: the seed's, so it holds its transactions.
  await onDemoDay(page);
  await openFromMenu(sidebar(page), 'Banque');
  await expect(page.getByText('Total des comptes')).toBeVisible();
  await expect(page.getByText(/^FR•• •••• •••• \d{4}$/).first()).toBeVisible();

  const summary = page.getByTestId('selection-summary');
  await expect(summary).toContainText('opérations correspondant aux filtres');
  const everything = await summary.textContent();
  await page.getByLabel('Période').selectOption({ label: 'Le trimestre dernier' });
  await expect(page).toHaveURL(/period=lastQuarter/);
  await expect(summary).not.toHaveText(everything ?? '');
  await expect(page.getByRole('table', { name: 'Opérations bancaires' })).toHaveAttribute(
    'aria-busy',
    'false',
  );
  const [, countText = '0', totalText = ''] =
    /^(\d+) opérations correspondant aux filtres · solde des opérations (.+)$/.exec(
      (await summary.textContent()) ?? '',
    ) ?? [];
  const shownCount = Number(countText);
  expect(shownCount).toBeGreaterThan(100);

  const download = await downloadFrom(page.getByRole('button', { name: 'Exporter en CSV' }));
  expect(download.suggestedFilename()).toMatch(/^operations-C-1001-\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFFDate;Compte;Libellé;Montant\r\n')).toBe(true);
  const rows = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1);
  expect(rows).toHaveLength(shownCount);
  const sum = rows.reduce((total, row) => total + Number(row.split(';').at(-1)?.replace(',', '.')), 0);
  expect(sum).toBeCloseTo(euros(totalText), 2);

  // Debits and credits are told apart in words, not by colour alone.
  await expect(
    page.getByRole('table', { name: 'Opérations bancaires' }).getByText('Débit').first(),
  ).toBeVisible();
  expect(describeViolations(await axe())).toEqual([]);
});

test('a label search and an amount range narrow the list, and the address keeps them', async ({ page }) => {
  await signIn(page, 'claire.solo@demo.test');
  // The fiscal year is the browser's: the seed's day's, so it holds the URSSAF debits.
  await onDemoDay(page);
  await page.goto('/dossier/1001/banque?period=fiscalYear');
  await page.getByRole('searchbox', { name: 'Rechercher dans les libellés' }).fill('URSSAF');
  await page.getByLabel('Montant min (€)').fill('3000');
  await expect(page).toHaveURL(/q=URSSAF/);
  await expect(page).toHaveURL(/min=3000/);
  const rows = page.getByRole('table', { name: 'Opérations bancaires' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Prélèvement URSSAF');
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Rechercher dans les libellés' })).toHaveValue('URSSAF');
  await expect(page.getByTestId('selection-summary')).toContainText('correspondant aux filtres');
});

test('without CLBANK001 the bank page is not offered, its address leads to the landing, and the gateway says 403', async ({
  page,
  request,
  expectConsoleErrors,
}) => {
  expectConsoleErrors(/status of 403/);
  // Marc holds CLBANK001 on 1002, not on 1001.
  await signIn(page, 'marc.multi@demo.test', { landing: /\/portefeuille\/mes-entites$/ });
  await page.goto('/dossier/1001/accueil');
  await expect(sidebar(page).getByRole('link', { name: 'Banque' })).toHaveCount(0);
  await page.goto('/dossier/1001/banque');
  await expect(page).toHaveURL(/\/portefeuille\/mes-entites$/);
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const answer = await request.get(`${GATEWAY_URL}/account/api/accounts/1001/bank/transactions`, {
    headers: { authorization: `Bearer ${token ?? ''}` },
  });
  expect(answer.status()).toBe(403);
});

test('at 360 px the bank page keeps every control reachable', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAt(page, CLAIRE, '/dossier/1001/banque', 'Banque');
  await expect(page.getByRole('button', { name: 'Exporter en CSV' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
