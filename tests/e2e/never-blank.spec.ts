// A page's code that cannot load never blanks the portal: offline, and after a new version is deployed
// while the tab is open (the old chunk answers 404). The shell stays, the page says what happened, and it
// recovers: by itself when the connection returns, by a reload (same address) to the new version.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInCustomerTo } from './sign-in';
import { sidebar } from './screens';

async function claireOnHome(page: Page) {
  await signInCustomerTo(page, 'claire.solo@demo.test', /\/dossier\/1001\/accueil$/);
}

test('offline, a click on Banque keeps the shell, says so, and shows the page when back online', async ({
  page,
  context,
  expectConsoleErrors,
}) => {
  expectConsoleErrors(/ERR_INTERNET_DISCONNECTED/, /could not be loaded/);
  await claireOnHome(page);
  // Her home is on screen (the shell and its widgets loaded) when the connection drops.
  await expect(page.getByRole('region').first()).toBeVisible();
  // Each widget done loading (its data and the code it loads after it, as the news sanitiser): a quiet
  // network alone can come before a widget's second step on a busy machine.
  await expect(page.locator('[data-widget] [role="progressbar"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'Vous êtes hors ligne' })).toBeVisible();
  await sidebar(page).getByRole('link', { name: 'Banque' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Vous êtes hors ligne' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu de Claire Solo' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Banque' })).toHaveAttribute('aria-current', 'page');

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Banque' })).toBeVisible();
  await expect(page.getByText('Vous êtes hors ligne')).toHaveCount(0);
});

test('after a deploy, a page whose code is gone offers the new version and the reload keeps the address', async ({
  page,
  expectConsoleErrors,
}) => {
  expectConsoleErrors(/status of 404/, /could not be loaded/);
  await claireOnHome(page);
  // The new release: index.html names another entry, and this tab's bank chunk is no longer served.
  await page.route(/\/assets\/bank-page-[^/]+\.js$/, (route) =>
    route.fulfill({ status: 404, body: 'Not found' }),
  );
  await page.route(
    (url) => url.pathname === '/' || url.pathname === '/index.html',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /\/assets\/index-[^"']+\.js/,
        '/assets/index-NEWRELEASE.js',
      );
      await route.fulfill({ response, body: html });
    },
  );
  await sidebar(page).getByRole('link', { name: 'Banque' }).click();
  const notice = page
    .getByRole('alert')
    .filter({ hasText: 'Une nouvelle version du portail est disponible' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu de Claire Solo' })).toBeVisible();

  await page.unrouteAll();
  await notice.getByRole('button', { name: 'Recharger' }).click();
  await expect(page).toHaveURL(/\/dossier\/1001\/banque$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Banque' })).toBeVisible();
});
