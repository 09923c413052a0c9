// Consent as a first-time visitor meets it: before any choice no third-party script is requested;
// accepting analytics requests that category's script only; withdrawing it from the user menu removes it
// from the page. The script hosts (no internet here) are answered by a stub.
import type { Page } from '@playwright/test';
import manifest from '../../portal.config.json' with { type: 'json' };
import { describeViolations, expect, test } from './fixtures';
import { submitCredentials } from './sign-in';

test.use({ firstVisit: true });

const scriptOrigins = manifest.thirdPartyScripts.map((script) => new URL(script.url).origin);

/** Answers every third-party script host with an empty script and records what the page asked. */
async function stubThirdParties(page: Page): Promise<string[]> {
  const asked: string[] = [];
  for (const origin of scriptOrigins)
    await page.route(`${origin}/**`, async (route) => {
      asked.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* stub */' });
    });
  return asked;
}

const thirdPartyScriptsOnPage = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement>('script[data-third-party]')].map(
      (script) => script.dataset['thirdParty'],
    ),
  );

test('no third-party script before consent; analytics only once accepted; removed when withdrawn', async ({
  page,
  axe,
}) => {
  const asked = await stubThirdParties(page);
  await page.goto('/login?choice=client');
  const banner = page.getByRole('region', { name: 'Vos choix de confidentialité' });
  await expect(banner).toBeVisible();
  expect(describeViolations(await axe({ include: 'section[aria-labelledby="consent-title"]' }))).toEqual([]);
  expect(asked).toEqual([]);
  expect(await thirdPartyScriptsOnPage(page)).toEqual([]);

  await banner.getByRole('button', { name: 'Personnaliser' }).click();
  await banner.getByRole('switch', { name: /Mesure d'audience/ }).click({ force: true });
  await banner.getByRole('button', { name: 'Enregistrer mes choix' }).click();
  await expect(banner).toBeHidden();
  await expect.poll(() => asked).toEqual(['https://cdn.eu.analytics.example/analytics.js']);
  expect(await thirdPartyScriptsOnPage(page)).toEqual(['analytics']);

  // The choice holds on the next visit: no banner, the accepted script only.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await expect(banner).toBeHidden();
  await expect.poll(() => thirdPartyScriptsOnPage(page)).toEqual(['analytics']);

  // Withdrawn from the user menu once signed in: the script leaves the page, nothing else is asked.
  await submitCredentials(page, 'claire.solo@demo.test');
  await expect(page).toHaveURL(/\/dossier\/1001\/accueil$/);
  await page.getByRole('button', { name: /^Menu de/ }).click();
  await page.getByRole('menuitem', { name: 'Mes choix de confidentialité' }).click();
  await expect(banner.getByRole('switch', { name: /Mesure d'audience/ })).toBeChecked();
  await banner.getByRole('switch', { name: /Mesure d'audience/ }).click({ force: true });
  await banner.getByRole('button', { name: 'Enregistrer mes choix' }).click();
  await expect.poll(() => thirdPartyScriptsOnPage(page)).toEqual([]);
  expect(asked.every((url) => url.startsWith('https://cdn.eu.analytics.example/'))).toBe(true);
});

test('refuse all: nothing is requested, and the banner does not come back', async ({ page }) => {
  const asked = await stubThirdParties(page);
  await page.goto('/login?choice=client');
  await page.getByRole('button', { name: 'Tout refuser' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Vos choix de confidentialité' })).toBeHidden();
  expect(asked).toEqual([]);
});
