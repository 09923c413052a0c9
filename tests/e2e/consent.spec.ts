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

/**
 * The actions (links, buttons) outside the banner whose part on screen overlaps it, by their text. What a
 * person sees of an action is its box cut by the boxes that clip it (a scrolling ancestor, the screen).
 */
const actionsUnderBanner = (page: Page) =>
  page.evaluate(() => {
    const banner = document.querySelector('section[aria-labelledby="consent-title"]');
    if (banner === null) throw new Error('No consent banner');
    const sheet = banner.getBoundingClientRect();
    const shown = (action: HTMLElement) => {
      const box = action.getBoundingClientRect();
      let [top, bottom, left, right] = [box.top, box.bottom, box.left, box.right];
      for (let parent = action.parentElement; parent !== null; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        [top, bottom] = [Math.max(top, clip.top), Math.min(bottom, clip.bottom)];
        [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
      }
      [top, bottom] = [Math.max(top, 0), Math.min(bottom, window.innerHeight)];
      return { top, bottom, left, right };
    };
    return [...document.querySelectorAll<HTMLElement>('a[href], button, [role="button"], [role="link"]')]
      .filter((action) => !banner.contains(action) && action.checkVisibility())
      .filter((action) => {
        const box = shown(action);
        return (
          box.bottom > Math.max(box.top, sheet.top) &&
          box.top < sheet.bottom &&
          box.right > Math.max(box.left, sheet.left) &&
          box.left < sheet.right
        );
      })
      .map((action) => {
        const text = action.textContent.trim();
        return text === '' ? (action.getAttribute('aria-label') ?? action.tagName) : text;
      });
  });

/** Scrolls the page (whatever scrolls it: the window or the part above the banner) to its end. */
const scrollPageToEnd = (page: Page) =>
  page.evaluate(() => {
    for (const scroller of [document.scrollingElement, document.body])
      scroller?.scrollTo({ top: scroller.scrollHeight, behavior: 'instant' });
  });

// Issue 30 item 6: the consent banner never covers an action, at a phone's and a desktop's size, at the top
// of the page and scrolled to its end, on the login page and the collaborators' entry.
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
])
  for (const entry of [
    { name: 'the login page', path: '/login?choice=client', ready: 'Se connecter' },
    {
      name: "the collaborators' entry",
      path: '/collaborateur',
      ready: 'Se connecter avec mon compte collaborateur',
    },
  ])
    test(`at ${String(viewport.width)} px the consent banner covers no action of ${entry.name}`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto(entry.path);
      const banner = page.getByRole('region', { name: 'Vos choix de confidentialité' });
      await expect(banner).toBeVisible();
      await expect(page.getByRole('button', { name: entry.ready, exact: true })).toBeEnabled();
      expect(await actionsUnderBanner(page)).toEqual([]);
      await scrollPageToEnd(page);
      expect(await actionsUnderBanner(page)).toEqual([]);
      // Its choices opened, the banner is higher: still over nothing.
      await banner.getByRole('button', { name: 'Personnaliser' }).click();
      await expect(banner.getByRole('switch').first()).toBeVisible();
      expect(await actionsUnderBanner(page)).toEqual([]);
      await scrollPageToEnd(page);
      expect(await actionsUnderBanner(page)).toEqual([]);
    });
