// The login page is the light sign-in app (src/app/sign-in-app.tsx): before sign-in the browser loads
// none of the portal's own chunks (its start, its first modules, the router and the store); the sign-in
// then starts the portal on the same page, and the person lands without a reload.
import type { Page } from '@playwright/test';
import { describeFirstVisit, describeViolations, expect, test } from './fixtures';
import { submitCredentials } from './sign-in';

// The build names each chunk after its first module or its group (vite.config.ts): the portal's start,
// and its first-paint modules with the libraries only the portal runs on.
const PORTAL_CHUNK = /\/assets\/(start-portal|first)-[\w-]+\.js$/;
const SIGN_IN_CHUNK = /\/assets\/sign-in-app-[\w-]+\.js$/;

function scriptsLoaded(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

test('the login page loads none of the portal; after sign-in Claire lands on her home without a reload', async ({
  page,
}) => {
  const scripts = scriptsLoaded(page);
  await page.goto('/login');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The light app did start (the chunk names still say what they hold), and nothing of the portal came.
  expect(scripts.filter((url) => SIGN_IN_CHUNK.test(url))).toHaveLength(1);
  expect(scripts.filter((url) => PORTAL_CHUNK.test(url))).toEqual([]);

  // A mark on this document: a reload would lose it.
  await page.evaluate(() => {
    document.documentElement.dataset['sameDocument'] = 'yes';
  });
  await submitCredentials(page, 'claire.solo@demo.test');
  await expect(page).toHaveURL(/\/dossier\/1001\/accueil$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset['sameDocument'])).toBe('yes');
  expect(scripts.filter((url) => url.includes('/assets/start-portal-'))).toHaveLength(1);
});

test("the collaborators' link leaves the light app for the provider's sign-in at once (issue 30), the collaborator page still one address away", async ({
  page,
}) => {
  await page.goto('/login?choice=client');
  const link = page.getByRole('link', { name: /collaborateur/i });
  // The link's address stays the collaborator page (a new tab, a page that has not run yet).
  await expect(link).toHaveAttribute('href', '/collaborateur');
  await link.click();
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion collaborateur' })).toBeVisible();
  await page.goto('/collaborateur');
  await expect(
    page.getByRole('button', { name: 'Se connecter avec mon compte collaborateur' }),
  ).toBeVisible();
});

describeFirstVisit(() => {
  test('the light app shows the consent banner with the page, and still loads none of the portal', async ({
    page,
    axe,
  }) => {
    const scripts = scriptsLoaded(page);
    await page.goto('/login?choice=client');
    const banner = page.getByRole('region', { name: 'Vos choix de confidentialité' });
    await expect(banner).toBeVisible();
    await expect(page.getByLabel('E-mail')).toBeVisible();
    expect(describeViolations(await axe())).toEqual([]);
    await banner.getByRole('button', { name: 'Tout refuser' }).click();
    await expect(banner).toBeHidden();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => SIGN_IN_CHUNK.test(url))).toHaveLength(1);
    expect(scripts.filter((url) => PORTAL_CHUNK.test(url))).toEqual([]);
    // The choice is the portal's too: signed in, no banner comes back.
    await submitCredentials(page, 'claire.solo@demo.test');
    await expect(page).toHaveURL(/\/dossier\/1001\/accueil$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
  });
});
