// The indicators page as Claire reads it: key figures against last year, charts drawn, each with its table;
// and the manifest's rule (CLKPI0001) for the others.
import { describeViolations, expect, test } from './fixtures';
import { signInCustomer as signIn } from './sign-in';
import { openAt, openFromMenu, sidebar } from './screens';

test('Claire reads her key figures, the charts and their tables, and switches fiscal year', async ({
  page,
  axe,
}) => {
  await signIn(page, 'claire.solo@demo.test');
  await openFromMenu(sidebar(page), 'Indicateurs');
  const revenue = page.locator('[data-figure="revenue"]');
  await expect(revenue).toContainText("Chiffre d'affaires");
  await expect(revenue).toContainText(/En (hausse|baisse) de .+ par rapport à \d{4}/);
  await expect(page.locator('[data-figure]')).toHaveCount(8);
  // Three charts drawn on canvases.
  await expect(page.locator('canvas')).toHaveCount(3);

  const panel = page.getByRole('region', { name: /Chiffre d'affaires : \d{4} contre \d{4}/ });
  const table = panel.getByRole('table');
  // The table is there for screen readers while the chart shows…
  await expect(table).toBeAttached();
  const rows = await table.getByRole('row').count();
  expect(rows).toBeGreaterThan(1);
  // …and for everyone with the toggle.
  await panel.getByRole('button', { name: 'Afficher le tableau' }).click();
  await expect(table).toBeVisible();
  await expect(panel.locator('canvas')).toHaveCount(0);
  expect(describeViolations(await axe())).toEqual([]);

  const years = page.getByLabel('Exercice', { exact: true });
  const options = await years.locator('option').allTextContents();
  expect(options.length).toBeGreaterThanOrEqual(2);
  await years.selectOption({ index: options.length - 1 });
  await expect(page).toHaveURL(/year=\d{4}/);
  await expect(page.locator('[data-figure="revenue"]')).toContainText('Pas de comparaison possible');
});

test('without CLKPI0001 on the entity the indicators page leads to the landing', async ({ page }) => {
  // Marc holds CLKPI0001 on 1001, not on 1002.
  await signIn(page, 'marc.multi@demo.test');
  await page.goto('/dossier/1002/indicateurs');
  await expect(page).toHaveURL(/\/portefeuille\/mes-entites$/);
  await openAt(page, '/dossier/1001/indicateurs', 'Indicateurs');
});

test('at 360 px the indicators stack in one column with nothing wider than the screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, 'claire.solo@demo.test');
  await page.goto('/dossier/1001/indicateurs');
  await expect(page.locator('canvas').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
