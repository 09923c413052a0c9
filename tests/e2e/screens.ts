// The ways a person reaches a screen, shared by the specs: a menu of the shell (the entity's navigation,
// the wallet's tabs) or the address bar, each ending when the screen's title shows (or the portal's 403
// page, for an address the person may not see).
import type { Locator, Page } from '@playwright/test';
import { DEMO_NOW, expect } from './fixtures';

/** The entity's side navigation (its sidebar). */
export const sidebar = (page: Page): Locator =>
  page.getByRole('navigation', { name: "Navigation de l'entité" });

/** The wallet's tabs. */
export const walletTabs = (page: Page): Locator =>
  page.getByRole('navigation', { name: 'Onglets du portefeuille' });

/** The screen's title: its one level-1 heading. */
const pageTitle = (page: Page, name: string): Locator => page.getByRole('heading', { level: 1, name });

/** Follows the link `name` of a menu and waits for the screen it opens, whose title is the link's name. */
export async function openFromMenu(menu: Locator, name: string): Promise<void> {
  await menu.getByRole('link', { name }).click();
  await expect(pageTitle(menu.page(), name)).toBeVisible();
}

/** Goes to `path` and waits for the screen's title. */
export async function openAt(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await expect(pageTitle(page, title)).toBeVisible();
}

/** Goes to an address the person may not see, and waits for the portal's 403 page in its place. */
export async function expectRefusedAt(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/error\/403$/);
}

/**
 * From now on the page's clock reads the seed's day (DEMO_NOW): a period the portal computes from "today"
 * (the bank's last quarter, its fiscal year) holds the seeded rows whatever the calendar says. Called after
 * the sign-in, whose tokens carry the real time.
 */
export async function onDemoDay(page: Page): Promise<void> {
  await page.clock.setFixedTime(DEMO_NOW);
}
