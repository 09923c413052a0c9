// The parts of docs/ui.md on the real screens: the page header (desktop and phone), the status badge, the
// empty state and the error state, and the spacing scale read from the running theme. Each test checks
// what a person relies on; with UI_PICTURES=1 it also saves the part's picture to docs/ui/ (the pictures
// of docs/ui.md): `UI_PICTURES=1 npm run test:e2e -- tests/e2e/ui-parts.spec.ts`.
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { describeViolations, expect, test } from './fixtures';
import { PAUL, signInAt, signInCollaborator } from './sign-in';
import { openAt, openFromMenu, walletTabs } from './screens';

const PICTURES = process.env['UI_PICTURES'] === '1';
const picturesDir = path.resolve(import.meta.dirname, '../../docs/ui');

/** Saves the part's picture for docs/ui.md when asked to (UI_PICTURES=1). */
async function picture(part: Locator, name: string): Promise<void> {
  if (!PICTURES) return;
  await part.screenshot({ path: path.join(picturesDir, `${name}.png`), animations: 'disabled' });
}

const header = (page: Page) => page.locator('[data-page-header]');

test('the page header: one h1, its description, the main action on the right', async ({ page, axe }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInCollaborator(page, 'paul.collab@demo.test');
  await openFromMenu(walletTabs(page), 'Mandats');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  const title = header(page).getByRole('heading', { level: 1, name: 'Mandats' });
  const action = header(page).getByRole('link', { name: "Ouvrir l'outil de gestion des mandats" });
  await expect(header(page)).toContainText('Les mandats des dossiers que vous suivez');
  // The action sits on the title's line, at the right of it.
  const [titleBox, actionBox] = [await title.boundingBox(), await action.boundingBox()];
  expect(actionBox!.x).toBeGreaterThan(titleBox!.x + titleBox!.width);
  expect(Math.abs(actionBox!.y + actionBox!.height / 2 - (titleBox!.y + titleBox!.height / 2))).toBeLessThan(
    24,
  );
  expect(describeViolations(await axe())).toEqual([]);
  await picture(header(page), 'page-header');
});

test('the page header on a phone: the action follows the title closely, nothing wider than the screen', async ({
  page,
  axe,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAt(page, PAUL, '/portefeuille/mandats', 'Mandats');
  const title = header(page).getByRole('heading', { level: 1, name: 'Mandats' });
  await expect(title).toBeVisible();
  const action = header(page).getByRole('link', { name: "Ouvrir l'outil de gestion des mandats" });
  const [titleBox, actionBox, headerBox] = [
    await title.boundingBox(),
    await action.boundingBox(),
    await header(page).boundingBox(),
  ];
  // The first action comes before the description: within a line or two of the title.
  expect(actionBox!.y - titleBox!.y).toBeLessThan(96);
  expect(headerBox!.x + headerBox!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(describeViolations(await axe())).toEqual([]);
  await picture(header(page), 'page-header-phone');
});

test('statuses read as words with a sign, not as colour alone', async ({ page, axe }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInCollaborator(page, 'paul.collab@demo.test');
  await openFromMenu(walletTabs(page), 'Demandes MOD');
  const table = page.getByRole('table', { name: /Demandes/ });
  const badges = table.locator('[data-tone]');
  await expect(badges.first()).toBeVisible();
  for (const badge of await badges.all()) {
    // Each badge says its status in words, and carries its tone's sign beside the colour.
    await expect(badge).toHaveText(/^[^\p{L}]*(En attente|Validée|Refusée)$/u);
    await expect(badge.locator('[aria-hidden="true"]')).toHaveText(/^[✓!✕○●]$/);
  }
  expect(describeViolations(await axe())).toEqual([]);
  await picture(table.getByRole('row').nth(1), 'status-badge');
});

test('an empty list says what it is, why it is empty and what to do', async ({ page, axe }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.route('**/offer/api/portfolio/subscriptions', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ items: [] }) }),
  );
  await signInCollaborator(page, 'paul.collab@demo.test');
  // Subscriptions has no tab yet (issue 31 item 4): reached by its address.
  await openAt(page, '/souscriptions', 'Souscriptions');
  const empty = page.locator('[data-empty-state]');
  await expect(empty).toContainText('Aucune souscription.');
  await expect(empty).toContainText('dès qu’une entité de vos dossiers souscrit une offre');
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(describeViolations(await axe())).toEqual([]);
  await picture(empty, 'empty-state');
});

test('a part that failed says what failed and what to do, and asks again on retry', async ({
  page,
  axe,
  expectConsoleErrors,
}) => {
  expectConsoleErrors(/Failed to load resource: .* 500/, /Gateway request failed/);
  await page.setViewportSize({ width: 1366, height: 768 });
  let failing = true;
  await page.route('**/offer/api/portfolio/subscriptions', (route) =>
    failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }) : route.fallback(),
  );
  await signInCollaborator(page, 'paul.collab@demo.test');
  // Subscriptions has no tab yet (issue 31 item 4): reached by its address.
  await openAt(page, '/souscriptions', 'Souscriptions');
  const alert = page.getByRole('alert').filter({ hasText: 'Les souscriptions n' });
  await expect(alert).toContainText('Vérifiez votre connexion et réessayez.');
  expect(describeViolations(await axe())).toEqual([]);
  await picture(alert, 'error-state');
  failing = false;
  await alert.getByRole('button', { name: 'Réessayer' }).click();
  await expect(page.getByRole('table', { name: /Souscriptions/ })).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test('the 500 page: "Réessayer" is a real button on the line of "Retour à l\'accueil", reached by the keyboard', async ({
  page,
  axe,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/error/500');
  const back = page.getByRole('link', { name: "Retour à l'accueil" });
  const retry = page.getByRole('button', { name: 'Réessayer' });
  await expect(retry).toBeVisible();
  const [backBox, retryBox] = [await back.boundingBox(), await retry.boundingBox()];
  // Same line, same height, a gap between them: two actions of one row, not text above a button.
  expect(Math.abs(backBox!.y - retryBox!.y)).toBeLessThan(2);
  expect(retryBox!.height).toBeCloseTo(backBox!.height, 0);
  expect(retryBox!.x).toBeGreaterThan(backBox!.x + backBox!.width);
  // A bordered button, not bare text.
  expect(await retry.evaluate((element) => getComputedStyle(element).borderTopWidth)).not.toBe('0px');
  await back.focus();
  await page.keyboard.press('Tab');
  await expect(retry).toBeFocused();
  expect(describeViolations(await axe())).toEqual([]);
});

test('the spacing scale is the theme’s, from the smallest step to the largest', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInCollaborator(page, 'paul.collab@demo.test');
  await openFromMenu(walletTabs(page), 'Mandats');
  const steps = ['xs', 'sm', 'md', 'lg', 'xl'];
  // Draws each step of the running theme's scale as a bar (docs/ui.md's picture), and reads its width.
  const widths = await page.evaluate((names) => {
    const board = document.createElement('div');
    board.id = 'spacing-scale';
    board.style.cssText =
      'position:fixed;top:8px;left:8px;padding:12px;background:#fff;z-index:9999;font:13px system-ui';
    const measured: number[] = [];
    for (const name of names) {
      const row = document.createElement('div');
      row.style.cssText = 'display:flex;align-items:center;gap:8px;height:22px';
      const label = document.createElement('span');
      label.textContent = name;
      label.style.cssText = 'width:32px;color:#212529';
      const bar = document.createElement('span');
      bar.style.cssText = `display:inline-block;height:14px;width:var(--mantine-spacing-${name});background:#364fc7`;
      const value = document.createElement('span');
      row.append(label, bar, value);
      board.append(row);
      document.body.append(board);
      const width = bar.getBoundingClientRect().width;
      value.textContent = `${String(width)} px`;
      value.style.cssText = 'color:#495057';
      measured.push(width);
    }
    return measured;
  }, steps);
  expect(widths).toEqual([10, 12, 16, 20, 32]);
  await picture(page.locator('#spacing-scale'), 'spacing');
});
