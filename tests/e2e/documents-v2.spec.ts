// Documents v2 (issue 31 row 1): the accounting software's documents as the gateway syncs them from the
// local software of the e2e gateway (GATEWAY_DEMO=on). A document added in the software is found by a
// sync on demand, shows on the page and reaches the bell; a collaborator with no code (Léa) reads the list
// from her sidebar, as cards on a phone.
import type { Page } from '@playwright/test';
import { describeViolations, expect, GATEWAY_URL, test } from './fixtures';
import { openAt, sidebar } from './screens';
import { signInCollaborator } from './sign-in';

const PATH = '/dossier/1001/comptabilite/pennylane';
const TITLE = 'Documents du logiciel comptable';
const PHONE = { width: 390, height: 844 };

const list = (page: Page) => page.getByRole('table', { name: TITLE });

test('Paul syncs on demand: a document added in the accounting software shows on the page and in his bell', async ({
  page,
  request,
  axe,
}) => {
  await signInCollaborator(page, 'paul.collab@demo.test');
  // The bell's live line opens after the page: waited for, so the sync's notification is pushed to it.
  const streamOpen = page.waitForResponse((response) => response.url().includes('/notifications/stream'));
  await openAt(page, PATH, TITLE);
  await streamOpen;
  // The gateway imported what the software held when it was seeded.
  await expect(list(page).getByText('Facture fournisseur - Minoterie Dupuis.pdf')).toBeVisible();
  const summary = page.getByTestId('sync-summary');
  await expect(summary).toContainText('Source : Pennylane');
  await expect(summary).toContainText('Terminée');
  await expect(summary).toContainText('Dernière synchronisation :');
  expect(describeViolations(await axe())).toEqual([]);

  const name = 'Facture fournisseur - Farines du Sud.pdf';
  await expect(list(page).getByText(name)).toHaveCount(0);
  const added = await request.post(`${GATEWAY_URL}/__admin/accounting-software/documents`, {
    data: { accountId: 1001, name },
  });
  expect(added.status()).toBe(201);

  await page.getByRole('button', { name: 'Synchroniser' }).click();
  await expect(list(page).getByText(name)).toBeVisible();
  await expect(summary).toContainText('Nouveaux documents : 1');

  // The bell rings without a reload; the notification names the new document and opens the list.
  const bell = page.getByRole('button', { name: /^Notifications, [1-9]\d* non lues?$/ });
  await expect(bell).toBeVisible({ timeout: 10_000 });
  await bell.click();
  const centre = page.getByRole('dialog', { name: 'Notifications' });
  const notification = centre.getByRole('button', { name: /La synchronisation de vos documents comptables/ });
  await expect(notification).toContainText(name);
  await notification.click();
  await expect(page).toHaveURL(/\/dossier\/1001\/comptabilite\/pennylane$/);
  await expect(list(page).getByText(name)).toBeVisible();
});

test('Léa, a collaborator with no code, reads documents v2 from her sidebar, as cards on a phone', async ({
  page,
  axe,
}) => {
  await page.setViewportSize(PHONE);
  await signInCollaborator(page, 'lea.collab@demo.test');
  await page.goto('/dossier/1001/accueil');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // SPEC 6: documents v2 are granted to collaborators, so her sidebar (behind the burger) has the entry.
  await page.getByRole('button', { name: 'Ouvrir la navigation' }).click();
  await sidebar(page).getByRole('link', { name: 'Comptabilité' }).click();
  await expect(page).toHaveURL(new RegExp(`${PATH}$`));
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const cards = page.getByRole('list', { name: TITLE });
  await expect(cards.getByText('Facture fournisseur - Minoterie Dupuis.pdf')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expect(page.getByRole('button', { name: 'Synchroniser' })).toBeVisible();
  expect(describeViolations(await axe())).toEqual([]);
});
