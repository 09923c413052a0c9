// The shared lists on a 390 x 844 phone (issue 30 item 2): each row a card of its key fields, the row's
// actions in a menu the keyboard reaches, the sort and filters in a sheet, and no page scrolling sideways;
// on a 1366 px screen the same lists are still tables.
import type { Locator, Page } from '@playwright/test';
import { describeViolations, expect, test } from './fixtures';
import { signInCollaborator, signInCustomer, signInAt, CLAIRE } from './sign-in';
import { openAt } from './screens';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

/** The list of cards that stands for the table named `caption`. */
const cards = (page: Page, caption: string): Locator => page.getByRole('list', { name: caption });

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Every card's text lies inside the phone's width: no word cut, none pushed off the screen. */
async function expectCardsFit(list: Locator): Promise<void> {
  const overflowing = await list.evaluate((element, width) => {
    const cut: string[] = [];
    for (const node of element.querySelectorAll('li *')) {
      // Only what holds text can cut a word: a check box's 44 px hit area (touch.css) overflows its box on purpose.
      if (node.textContent.trim() === '') continue;
      const box = node.getBoundingClientRect();
      if (box.width > 0 && (box.right > width || node.scrollWidth > node.clientWidth + 1))
        cut.push(node.textContent);
    }
    return cut;
  }, PHONE.width);
  expect(overflowing).toEqual([]);
}

/** Presses Tab until `target` has the focus (as a keyboard user reaches it), at most `limit` times. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  await page.locator('main h1').first().click();
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Opens a card's action menu with Enter, checks Escape gives the focus back, walks to `item` with the arrow keys. */
async function reachRowAction(page: Page, menuButton: Locator, item: string): Promise<Locator> {
  await tabTo(page, menuButton);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  const action = menu.getByRole('menuitem', { name: item });
  for (let step = 0; step < 5 && !(await action.evaluate((e) => e === document.activeElement)); step += 1)
    await page.keyboard.press('ArrowDown');
  await expect(action).toBeFocused();
  return action;
}

/** Sorts from the sheet: the button, the column and the order, then back to the cards. */
async function sortFromSheet(page: Page, column: string, order: 'Croissant' | 'Décroissant'): Promise<void> {
  await page.getByRole('button', { name: /^Trier et filtrer/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Trier et filtrer' });
  await sheet.getByRole('combobox', { name: 'Trier par' }).selectOption({ label: column });
  await sheet.getByRole('combobox', { name: 'Ordre' }).selectOption({ label: order });
  await sheet.getByRole('button', { name: /^Voir/ }).click();
  await expect(sheet).toBeHidden();
}

const firstCard = (list: Locator) => list.getByRole('listitem').first();

/** A list shown as cards: its address, the page's heading and the list's caption. */
type CardList = readonly [path: string, title: string, caption: string];

const LISTS = {
  social: ['/dossier/1001/gestion-sociale', 'Gestion sociale', 'Gestion sociale'],
  archive: ['/dossier/1001/comptabilite/archive', 'Documents comptables', 'Documents comptables'],
  users: ['/portefeuille/gestion-utilisateurs', 'Tous les utilisateurs', 'Utilisateurs de vos dossiers'],
  admins: [
    '/portefeuille/administration-dossiers',
    'Administration des dossiers',
    'Collaborateurs qui administrent les dossiers du cabinet',
  ],
  mandates: ['/portefeuille/mandats', 'Mandats', 'Mandats des dossiers'],
} as const satisfies Record<string, CardList>;

/**
 * Opens `path` (its heading `title`) and the list of cards named `caption`, once a card shows: the page
 * does not scroll sideways and every card fits the phone.
 */
async function openCards(page: Page, [path, title, caption]: CardList): Promise<Locator> {
  await openAt(page, path, title);
  const list = cards(page, caption);
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectCardsFit(list);
  return list;
}

/** Sorting by `column` ascending (the address says so when `address` is given), then descending, changes the first card. */
async function expectSortTurns(page: Page, list: Locator, column: string, address?: RegExp): Promise<void> {
  await sortFromSheet(page, column, 'Croissant');
  if (address) await expect(page).toHaveURL(address);
  const first = await firstCard(list).textContent();
  await sortFromSheet(page, column, 'Décroissant');
  await expect(firstCard(list)).not.toHaveText(first ?? '');
}

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });

  // Issue 30 item 2: the sort and filter sheet is as high as what it holds, not the whole screen.
  test('the sort and filter sheet is sized to its content', async ({ page }) => {
    await signInCustomer(page, 'claire.solo@demo.test');
    await openAt(page, '/dossier/1001/banque', 'Banque');
    await page.getByRole('button', { name: /^Trier et filtrer/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Trier et filtrer' });
    await expect(sheet.getByRole('button', { name: /^Voir/ })).toBeVisible();
    const { height, content } = await sheet.evaluate((dialog) => {
      const body = dialog.querySelector('.mantine-Drawer-body');
      const header = dialog.querySelector('.mantine-Drawer-header');
      return {
        height: dialog.getBoundingClientRect().height,
        content: (body?.scrollHeight ?? 0) + (header?.getBoundingClientRect().height ?? 0),
      };
    });
    expect(height).toBeLessThan(PHONE.height * 0.9);
    expect(Math.abs(height - content)).toBeLessThanOrEqual(2);
  });

  test('Claire’s bank operations are cards sorted from the sheet, and the page never scrolls sideways', async ({
    page,
    axe,
  }) => {
    await signInAt(page, CLAIRE, '/dossier/1001/banque', 'Banque');
    const list = cards(page, 'Opérations bancaires');
    await expect(list.getByRole('listitem')).toHaveCount(25);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectCardsFit(list);

    await sortFromSheet(page, 'Montant', 'Croissant');
    await expect(page).toHaveURL(/sort=amount&order=asc/);
    const lowest = await firstCard(list).textContent();
    await sortFromSheet(page, 'Montant', 'Décroissant');
    await expect(page).toHaveURL(/sort=amount&order=desc/);
    await expect(firstCard(list)).not.toHaveText(lowest ?? '');
    await expect(firstCard(list)).toContainText('+');

    // A filter set in the sheet: its button counts it.
    await page.getByRole('button', { name: /^Trier et filtrer/ }).click();
    await page.getByRole('combobox', { name: 'Période' }).selectOption({ label: 'Le trimestre dernier' });
    await page.getByRole('button', { name: /^Voir/ }).click();
    await expect(page.getByRole('button', { name: 'Trier et filtrer (1 filtre)' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(describeViolations(await axe())).toEqual([]);
  });

  test('the social-management and archive documents show whole names on cards, a row’s download reached by keyboard, a selection kept', async ({
    page,
    axe,
  }) => {
    test.slow();
    await signInCustomer(page, 'claire.solo@demo.test');
    const list = await openCards(page, LISTS.social);
    await expect(list.getByRole('listitem')).toHaveCount(6);

    await sortFromSheet(page, 'Nom', 'Croissant');
    await expect(firstCard(list)).toContainText('Bulletin de paie');
    await sortFromSheet(page, 'Nom', 'Décroissant');
    await expect(firstCard(list)).toContainText('Déclaration sociale nominative');

    const name =
      (await firstCard(list)
        .getByText(/^Déclaration sociale nominative .+\.pdf$/)
        .textContent()) ?? '';
    const download = await reachRowAction(
      page,
      firstCard(list).getByRole('button', { name: `Actions : ${name}` }),
      `Télécharger ${name}`,
    );
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(file.suggestedFilename()).toBe(name);
    await expect(download).toBeHidden();

    // Selection on cards: one card, then the whole page, and the ZIP button counts them.
    await firstCard(list)
      .getByRole('checkbox', { name: `Sélectionner ${name}` })
      .check();
    await expect(page.getByRole('button', { name: /ZIP \(1 fichier\)/ })).toBeEnabled();
    await page.getByRole('checkbox', { name: 'Sélectionner toutes les lignes de cette page' }).check();
    await expect(page.getByRole('button', { name: /ZIP \(6 fichiers\)/ })).toBeEnabled();
    expect(describeViolations(await axe())).toEqual([]);

    const archive = await openCards(page, LISTS.archive);
    await expectSortTurns(page, archive, 'Nom');
    expect(describeViolations(await axe())).toEqual([]);
  });

  test('Paul’s folders, users, administration and mandates are cards that fit the phone', async ({
    page,
    axe,
  }) => {
    test.slow();
    await signInCollaborator(page, 'paul.collab@demo.test');
    const folders = cards(page, 'Dossiers clients');
    await expect(folders.getByRole('listitem')).toHaveCount(20);
    await expectNoSidewaysScroll(page);
    await expectCardsFit(folders);
    const byName = await firstCard(folders).textContent();
    await sortFromSheet(page, 'Numéro', 'Décroissant');
    await expect(page).toHaveURL(/sort=accountNumber&order=desc/);
    await expect(firstCard(folders)).not.toHaveText(byName ?? '');
    expect(describeViolations(await axe())).toEqual([]);

    // The users of his folders: a row's rights reached from its card's menu by keyboard.
    const users = await openCards(page, LISTS.users);
    const julie = users.getByRole('listitem').filter({ hasText: 'Julie Bernard' }).first();
    await reachRowAction(
      page,
      julie.getByRole('button', { name: 'Actions : Julie Bernard' }),
      'Gérer les droits de Julie Bernard',
    );
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    // The row's menu closes as the dialog opens: checked once it is gone (during its exit it is a menu
    // already emptied of its items, which axe reports).
    await expect(page.getByRole('menu')).toHaveCount(0);
    expect(describeViolations(await axe())).toEqual([]);
    await page.keyboard.press('Escape');

    // The account administration was 50 px wider than the phone.
    const admins = await openCards(page, LISTS.admins);
    await expect(admins.getByRole('listitem').first()).toContainText('Paul Collab');
    expect(describeViolations(await axe())).toEqual([]);

    // Mandates: the live status select works on a card; sort from the sheet.
    const mandates = await openCards(page, LISTS.mandates);
    await expectSortTurns(page, mandates, 'Dossier', /sort=accountName&order=asc/);
    const status = firstCard(mandates).getByRole('combobox', { name: /^Statut du mandat/ });
    const next = (await status.inputValue()) === 'suspended' ? 'active' : 'suspended';
    await status.selectOption(next);
    await expect(page.getByRole('status').filter({ hasText: 'Statut enregistré' })).toBeVisible();
    await expect(status).toHaveValue(next);
    await expectNoSidewaysScroll(page);
    expect(describeViolations(await axe())).toEqual([]);
  });
});

test.describe('at 1366 px', () => {
  test.use({ viewport: DESKTOP });

  test('the same lists are still tables, with their actions as buttons', async ({ page }) => {
    await signInAt(page, CLAIRE, '/dossier/1001/gestion-sociale', 'Gestion sociale');
    const table = page.getByRole('table', { name: 'Gestion sociale' });
    await expect(table.getByRole('row')).toHaveCount(7);
    await expect(cards(page, 'Gestion sociale')).toHaveCount(0);
    await expect(table.getByRole('button', { name: /^Télécharger / }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Trier et filtrer/ })).toHaveCount(0);
    await openAt(page, '/dossier/1001/banque', 'Banque');
    await expect(page.getByRole('table', { name: 'Opérations bancaires' }).getByRole('row')).toHaveCount(26);
  });
});
