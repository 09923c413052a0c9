// The entity home after a reload (issue 17, its LCP): the critical path is the user context, then the
// entity's calls with the page's saved layout, then one render of the whole page. What would make it
// longer again: the layout asked only once the grid has rendered, or each widget asking for its plugin's
// strings and then its code while the grid shows its loading states.
import type { Page } from '@playwright/test';
import { expect, expectOneWave, test } from './fixtures';
import { signInCustomer } from './sign-in';

/** Set from the reloaded page's first byte: whether the grid ever showed a widget's loading state. */
const WATCH_GRID_LOADING = `
  window.__gridLoadingSeen = false;
  new MutationObserver(() => {
    if (window.__gridLoadingSeen) return;
    const label = document.querySelector('[aria-label^="Chargement du widget"]');
    if (label !== null || (document.body?.textContent ?? '').includes('Chargement du widget')) {
      window.__gridLoadingSeen = true;
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;

async function gridLoadingSeen(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __gridLoadingSeen: boolean }).__gridLoadingSeen);
}

test('after a reload the entity home renders whole: layout with the entity calls, no widget loading state', async ({
  page,
  requests,
}) => {
  await signInCustomer(page, 'claire.solo@demo.test', { landing: /\/dossier\/1001\/accueil$/ });
  await page.waitForLoadState('networkidle');
  await page.addInitScript(WATCH_GRID_LOADING);
  requests.clear();

  await page.reload();
  // Claire's entity has the accounting-software offer: the accounting intro is her home's largest text.
  await expect(page.getByText(/^Votre entité utilise le logiciel comptable/)).toBeVisible();
  const widgets = page.locator('[data-widget]');
  await expect(widgets).toHaveCount(7);
  await page.waitForLoadState('networkidle');

  // The saved layout is read with the entity's calls (started by the route once the session is resumed),
  // not once the grid has rendered.
  expectOneWave(requests.list(), [
    '/authorization/api/authorization/currentuser?accountId=1001',
    '/connect/api/accounts/1001/summary',
    '/reporting/api/reports/currentuser?accountId=1001',
    '/contact/api/contacts/currentuser/home-layouts/1001',
  ]);
  // Every widget's code and strings were in when the page first rendered: no frame showed its loading
  // state (each widget's own data may still load inside it, with its own words).
  expect(await gridLoadingSeen(page)).toBe(false);
  expect(requests.duplicates()).toEqual([]);
});
