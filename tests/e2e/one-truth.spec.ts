// One truth per number (issue 30 item 8): a figure or a list shown on two screens is the same there, with
// the same day and source. Each persona who sees such a figure compares the screens: the indicators' cash
// against the bank's total, the home's latest accounting documents against the first rows of the list
// their link opens, the home's count of BI reports against the list, a report's title year against its
// period. (Marc holds no CLGEDPEN01, so no documents widget, and no bank code where he reads indicators.)
import type { Locator, Page } from '@playwright/test';
import { GATEWAY_URL, expect, test } from './fixtures';
import { apiToken, signInCollaborator, signInCustomer } from './sign-in';
import { openAt } from './screens';

const CLAIRE = 'claire.solo@demo.test';
const MARC = 'marc.multi@demo.test';
const PAUL = 'paul.collab@demo.test';

/** `128 173,57 €` (or `128 174 €`) as a number of euros. */
const euros = (text: string) => Number(text.replace(/[^\d,-]/g, '').replace(',', '.'));

const AS_OF = /^Au (\d{2}\/\d{2}\/\d{4}) · source : comptes bancaires synchronisés$/;

/** The bank page's total: its amount and the line that dates it and names its source. */
async function bankTreasury(page: Page, accountId: number) {
  await openAt(page, `/dossier/${String(accountId)}/banque`, 'Banque');
  const card = page.locator('[data-figure="treasury"]');
  await expect(card.locator('[data-part="as-of"]')).toHaveText(AS_OF);
  return {
    amount: euros((await card.locator('p').nth(1).textContent()) ?? ''),
    asOf: (await card.locator('[data-part="as-of"]').textContent()) ?? '',
  };
}

/** The indicators' cash card of the default (latest) fiscal year: its amount (whole euros) and date line. */
async function indicatorsTreasury(page: Page, accountId: number) {
  await openAt(page, `/dossier/${String(accountId)}/indicateurs`, 'Indicateurs');
  const card = page.locator('[data-figure="cash"]');
  await expect(card).toContainText('Trésorerie');
  await expect(card.locator('[data-part="as-of"]')).toHaveText(AS_OF);
  return {
    amount: euros((await card.locator('p').nth(1).textContent()) ?? ''),
    asOf: (await card.locator('[data-part="as-of"]').textContent()) ?? '',
  };
}

// The seed is dated from the e2e run's demo day (GATEWAY_DEMO_TODAY, a November day): the latest fiscal
// year is the bank's, so its cash is of the bank's day on every run. (Seeded in January, the latest year
// with a closed month would be the last one, dated December 31st: the gateway's tests cover that case.)
async function expectSameTreasury(page: Page, accountId: number) {
  const bank = await bankTreasury(page, accountId);
  const indicators = await indicatorsTreasury(page, accountId);
  expect(indicators.asOf).toBe(bank.asOf);
  // The card shows whole euros.
  expect(indicators.amount).toBe(Math.round(bank.amount));
  expect(bank.amount).toBeGreaterThan(0);
}

/** The cell texts of `rows` under the named columns, read from the table's own header. */
async function columns(table: Locator, names: readonly string[], rows: number): Promise<string[][]> {
  // A list (the shared DataTable) says when its rows are in; the widget's table has them when it shows.
  if ((await table.getAttribute('aria-busy')) !== null)
    await expect(table).toHaveAttribute('aria-busy', 'false');
  const headers = (await table.locator('thead th').allTextContents()).map((text) => text.trim());
  const indexes = names.map((name) => headers.findIndex((header) => header.startsWith(name)));
  expect(
    indexes.every((index) => index >= 0),
    `columns ${names.join(', ')} in ${headers.join(' | ')}`,
  ).toBe(true);
  const body = table.locator('tbody tr');
  const count = Math.min(rows, await body.count());
  const read: string[][] = [];
  for (let row = 0; row < count; row += 1) {
    const cells = body.nth(row).locator('td, th');
    read.push(await Promise.all(indexes.map(async (index) => (await cells.nth(index).textContent()) ?? '')));
  }
  return read;
}

/** The home's latest accounting documents, then the list their link opens: the same rows, in order. */
async function expectHomeDocumentsOpenTheirList(page: Page, accountId: number) {
  await page.goto(`/dossier/${String(accountId)}/accueil`);
  const widget = page.locator('[data-widget="accounting/documents"]');
  await expect(widget.getByRole('table')).toBeVisible();
  const home = await columns(widget.getByRole('table'), ['Document', 'Ajouté le'], 100);
  expect(home.length).toBeGreaterThan(0);
  await widget.getByRole('link', { name: 'Tous les documents comptables' }).click();
  const list = page.getByRole('table', { name: 'Documents comptables' });
  expect(await columns(list, ['Nom', 'Ajouté le'], home.length)).toEqual(home);
}

/** Every report whose title names a year is of a period in that year. */
async function expectTitlesMatchPeriods(table: Locator) {
  const rows = await columns(table, ['Titre', 'Période'], 100);
  const dated = rows.filter(([title = '']) => /\b\d{4}$/.test(title.trim()));
  expect(dated.length).toBeGreaterThan(0);
  for (const [title = '', period = ''] of dated)
    expect(period.trim(), `the period of « ${title} »`).toMatch(new RegExp(`${title.trim().slice(-4)}$`));
}

test.describe('Claire', () => {
  test('the indicators’ cash is the bank’s total, of the same day, from the same source', async ({
    page,
  }) => {
    await signInCustomer(page, CLAIRE);
    await expectSameTreasury(page, 1001);
  });

  test('the home’s latest accounting documents are the first rows of the list their link opens', async ({
    page,
  }) => {
    await signInCustomer(page, CLAIRE);
    await expectHomeDocumentsOpenTheirList(page, 1001);
  });

  test('the home counts the reports the list shows, and each report’s title year is its period’s', async ({
    page,
  }) => {
    await signInCustomer(page, CLAIRE);
    await page.goto('/dossier/1001/accueil');
    const available = page.locator('[data-widget="bi-reports/intro"]').getByText(/rapports? disponibles?/);
    const count = Number(/^(\d+)/.exec((await available.textContent()) ?? '')?.[1]);
    await openAt(page, '/dossier/1001/rapports-bi', 'Rapports BI');
    const table = page.getByRole('table', { name: 'Rapports BI de l’entité' });
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(table.locator('tbody tr')).toHaveCount(count);
    await expectTitlesMatchPeriods(table);
  });
});

test.describe('Marc', () => {
  test('his indicators on Boulangerie Martin show the bank’s total and day, which only Claire sees as a page', async ({
    page,
    request,
  }) => {
    await signInCustomer(page, MARC, { landing: /\/portefeuille\/mes-entites$/ });
    const indicators = await indicatorsTreasury(page, 1001);
    // Marc holds no bank code on 1001: the bank's answer is read as Claire, who sees it on her bank page.
    const answer = await request.get(`${GATEWAY_URL}/account/api/accounts/1001/bank`, {
      headers: { authorization: `Bearer ${await apiToken(request, CLAIRE)}` },
    });
    const bank = (await answer.json()) as { treasury: { amount: number; asOf: string } };
    const [year, month, day] = bank.treasury.asOf.split('-');
    expect(indicators.asOf).toBe(
      `Au ${day ?? ''}/${month ?? ''}/${year ?? ''} · source : comptes bancaires synchronisés`,
    );
    expect(indicators.amount).toBe(Math.round(bank.treasury.amount));
  });
});

test.describe('Paul', () => {
  test('on both folders, the indicators’ cash is the bank’s total of the same day', async ({ page }) => {
    await signInCollaborator(page, PAUL);
    await expectSameTreasury(page, 1001);
    await expectSameTreasury(page, 1002);
  });

  test('the wallet’s BI reports have titles of their period’s year', async ({ page }) => {
    await signInCollaborator(page, PAUL);
    await openAt(page, '/portefeuille/rapports-bi', 'Rapports BI du portefeuille');
    await expectTitlesMatchPeriods(page.getByRole('table', { name: 'Rapports BI de tous les dossiers' }));
  });
});
