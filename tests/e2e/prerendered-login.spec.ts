// The login page comes pre-rendered from the build (scripts/vite-prerender-login.ts): its heading, form and
// consent banner are in the HTML the server sends for /login, and the sign-in app hydrates them. An inline
// script keeps that markup only for the visit it was drawn for (src/app/prerender-decision.ts): a signed-in
// tab, a reader of English, a reload of any other route never see it.
import type { Page } from '@playwright/test';
import { PORTAL_URL, describeFirstVisit, describeViolations, expect, test } from './fixtures';
import { PASSWORD, fillCredentials, submitCustomerLogin } from './sign-in';
import { openAt } from './screens';

const LOGIN_TITLE = 'Connexion à votre espace client';

/** What the page showed when the HTML was parsed, before any of the portal's code ran. */
async function recordFirstScreen(page: Page): Promise<void> {
  await page.addInitScript((title) => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const root = document.getElementById('root');
      const banner = document.querySelector('section[aria-labelledby=consent-title]');
      (window as unknown as { firstScreen: unknown }).firstScreen = {
        decision: document.documentElement.getAttribute('data-prerender'),
        loginShown:
          root !== null && getComputedStyle(root).display !== 'none' && root.textContent.includes(title),
        bannerShown:
          banner !== null && root !== null && getComputedStyle(root).display !== 'none'
            ? getComputedStyle(banner).display !== 'none'
            : false,
      };
    });
  }, LOGIN_TITLE);
}

type FirstScreen = { decision: string | null; loginShown: boolean; bannerShown: boolean };

/** Waits until the page has recorded its first screen, and checks what it showed. */
async function expectFirstScreen(page: Page, shown: FirstScreen): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { firstScreen: FirstScreen | undefined }).firstScreen),
    )
    .toEqual(shown);
}

describeFirstVisit(() => {
  test('the login page is in the HTML the server sends', async ({ request }) => {
    const answer = await request.get(`${PORTAL_URL}/login`);
    const html = await answer.text();
    expect(html).toContain(LOGIN_TITLE);
    expect(html).toContain('name="email"');
    expect(html).toContain('name="password"');
    expect(html).toContain('Vos choix de confidentialité');
    // The browser gets no server-side React.
    expect(html).not.toMatch(/react-dom\/server|renderToString/);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the form and the banner show, the button waits for the page to run', async ({
      page,
      expectConsoleErrors,
    }) => {
      // With scripts off, Chromium refuses the page's script files (reported as a policy block).
      expectConsoleErrors(/^request failed: GET .*\/assets\/.*\.js csp$/);
      await openAt(page, '/login', LOGIN_TITLE);
      await expect(page.getByLabel('E-mail')).toBeVisible();
      await expect(page.getByLabel('Mot de passe')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Vos choix de confidentialité' })).toBeVisible();
      // No sign-in without the app: the form must not be sent to the server.
      await expect(page.getByRole('button', { name: 'Se connecter' })).toBeDisabled();
    });
  });

  test('the page is hydrated, not drawn again: what was typed before stays, and sign-in works', async ({
    page,
    axe,
  }) => {
    await recordFirstScreen(page);
    // The sign-in app's code held back until the person has typed.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/sign-in-app-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login?choice=client', { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1, name: LOGIN_TITLE });
    await expect(heading).toBeVisible();
    await expectFirstScreen(page, { decision: 'on', loginShown: true, bannerShown: true });
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeDisabled();
    await fillCredentials(page, 'claire.solo@demo.test');
    // A mark on the pre-rendered heading's node: a client render would replace the node and lose it.
    await heading.evaluate((node) => {
      (node as unknown as { prerendered: boolean }).prerendered = true;
    });
    release();

    const submit = page.getByRole('button', { name: 'Se connecter' });
    await expect(submit).toBeEnabled();
    expect(await heading.evaluate((node) => (node as unknown as { prerendered?: boolean }).prerendered)).toBe(
      true,
    );
    // Hydrated: the page's rules are dropped (they must not touch the portal's banner later).
    await expect(page.locator('html')).not.toHaveAttribute('data-prerender', /./);
    await expect(page.getByLabel('E-mail')).toHaveValue('claire.solo@demo.test');
    await expect(page.getByLabel('Mot de passe')).toHaveValue(PASSWORD);
    expect(describeViolations(await axe())).toEqual([]);

    // The banner is the hydrated one: its buttons work.
    const banner = page.getByRole('region', { name: 'Vos choix de confidentialité' });
    await banner.getByRole('button', { name: 'Tout refuser' }).click();
    await expect(banner).toBeHidden();
    await submit.click();
    await expect(page).toHaveURL(/\/dossier\/1001\/accueil$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a reader of English never sees the French page: the app draws the English one', async ({ page }) => {
    await page.addInitScript(() => {
      window.localStorage.setItem('portal-language', 'en');
    });
    await recordFirstScreen(page);
    await page.goto('/login?choice=client');
    await expectFirstScreen(page, { decision: 'off', loginShown: false, bannerShown: false });
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your client area' })).toBeVisible();
    await expect(page.getByText(LOGIN_TITLE)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  });
});

test('a returning visitor (consent chosen) gets the page hydrated, the banner never shown', async ({
  page,
}) => {
  await recordFirstScreen(page);
  await page.goto('/login?choice=client');
  await expectFirstScreen(page, { decision: 'no-banner', loginShown: true, bannerShown: false });
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
  await expect(page.getByRole('region', { name: 'Vos choix de confidentialité' })).toHaveCount(0);
  // Taken away with the rule that hid it, which must not hide the portal's banner later.
  await expect(page.locator('html')).not.toHaveAttribute('data-prerender', /./);
  await expect(page.getByRole('heading', { level: 1, name: LOGIN_TITLE })).toBeVisible();
});

test('signed in, a reload of the home or of /login never shows the login page', async ({ page }) => {
  await submitCustomerLogin(page, 'claire.solo@demo.test');
  await expect(page).toHaveURL(/\/dossier\/1001\/accueil$/);

  await recordFirstScreen(page);
  const reload = await page.reload();
  // Another route's HTML holds no login markup at all.
  expect(await reload?.text()).not.toContain(LOGIN_TITLE);
  await expectFirstScreen(page, { decision: null, loginShown: false, bannerShown: false });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // /login itself, signed in: its HTML has the markup, the script hides it before the first paint.
  await page.goto('/login');
  await expectFirstScreen(page, { decision: 'off', loginShown: false, bannerShown: false });
  await expect(page).toHaveURL(/\/dossier\/1001\/accueil$/);
  await expect(page.getByText(LOGIN_TITLE)).toHaveCount(0);
});
