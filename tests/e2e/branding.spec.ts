// Issue 30 item 6: the firm's own portal from the first screen. A manifest published with another firm name
// and colour changes the login page, the collaborators' entry (the identity provider's sign-in page), the
// terms page and the shell's header with no code change; the terms page puts "J'accepte" first, links the
// full text and welcomes a first acceptance once.
import type { APIRequestContext, Page } from '@playwright/test';
import manifest from '../../portal.config.json' with { type: 'json' };
import { describeViolations, expect, GATEWAY_URL, PORTAL_URL, test } from './fixtures';
import { linkIn } from './inbox';
import { apiToken, signInCustomer, signInCustomerTo, submitCredentials } from './sign-in';

const FIRM = 'Fiduciaire Nord';
const COLOUR = 'rgb(11, 110, 79)';
const FAVICON = '/branding/logo.svg';

const faviconOf = (page: Page) => page.locator('link[rel="icon"]').getAttribute('href');

const REBRANDED = {
  firmName: FIRM,
  primaryColor: '#0b6e4f',
  favicon: FAVICON,
  support: { email: 'aide@fiduciaire-nord.example' },
};

async function publishBranding(
  request: APIRequestContext,
  branding: Record<string, unknown> = REBRANDED,
): Promise<void> {
  const rebranded = { ...manifest, branding };
  const answer = await request.put(`${GATEWAY_URL}/__admin/studio/published`, {
    data: { manifest: rebranded },
  });
  expect(answer.status()).toBe(201);
}

const backgroundOf = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name }).evaluate((button) => getComputedStyle(button).backgroundColor);

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Menu de/ }).click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login/);
}

test("a published firm name and colour reach the login, the provider's page, the terms page and the header", async ({
  page,
  request,
  axe,
}) => {
  test.setTimeout(90_000);
  // The built manifest's firm first, and its favicon in the pre-rendered login page's HTML.
  const served = await (await request.get('/login')).text();
  expect(served).toContain(`<link rel="icon" href="${manifest.branding.favicon}"`);
  await page.goto('/login?choice=client');
  await expect(page.getByText(manifest.branding.firmName, { exact: true })).toBeVisible();
  await publishBranding(request);
  // The published manifest is taken by the portal once it has run (it never holds a first paint back):
  // signed in, the header carries the new firm on a later load.
  await signInCustomerTo(page, 'claire.solo@demo.test', /\/dossier\/1001\/accueil$/);
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        return page.getByRole('link', { name: FIRM }).count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  expect(await faviconOf(page)).toBe(FAVICON);
  await signOut(page);

  // The login page: the firm's name, support and colour (its button), and axe passes.
  await page.goto('/login?choice=client');
  await expect(page.getByText(FIRM, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'aide@fiduciaire-nord.example' })).toBeVisible();
  await expect(page.getByText(manifest.branding.firmName, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeEnabled();
  expect(await faviconOf(page)).toBe(FAVICON);
  expect(await backgroundOf(page, 'Se connecter')).toBe(COLOUR);
  expect(describeViolations(await axe())).toEqual([]);

  // The collaborators' entry starts the provider's sign-in at once, in the firm's look.
  await page.getByRole('link', { name: /Connexion collaborateur/ }).click();
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await expect(page.getByText(FIRM, { exact: true })).toBeVisible();
  expect(await faviconOf(page)).toMatch(new RegExp(`${FAVICON}$`));
  expect(await backgroundOf(page, 'Se connecter')).toBe(COLOUR);
  expect(describeViolations(await axe())).toEqual([]);

  // The terms page (Nina has not accepted the current terms): the firm, its colour on "J'accepte".
  await page.goto('/login?choice=client');
  await submitCredentials(page, 'nina.terms@demo.test');
  await expect(page).toHaveURL(/\/validation-cgu\/\d+/);
  await expect(page.getByText(FIRM, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: "J'accepte les conditions" })).toBeEnabled();
  expect(await backgroundOf(page, "J'accepte les conditions")).toBe(COLOUR);
});

test("a browser that never signed in: the login, the collaborators' entry and the provider's page in the published firm's name and colour", async ({
  page,
  request,
  axe,
}) => {
  await publishBranding(request);
  // The page the server sends carries it (no request, no chunk of its own): its name, its colour.
  const served = await (await request.get('/login')).text();
  expect(served).toContain(`&#34;firmName&#34;:&#34;${FIRM}&#34;`);
  expect(served).toContain('--portal-primary:#0b6e4f');

  // This context never signed in (no published manifest kept: it came with the page).
  await page.goto('/login?choice=client');
  await expect(page.getByText(FIRM, { exact: true })).toBeVisible();
  await expect(page.getByText(manifest.branding.firmName, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'aide@fiduciaire-nord.example' })).toBeVisible();
  expect(await backgroundOf(page, 'Se connecter')).toBe(COLOUR);
  expect(await faviconOf(page)).toBe(FAVICON);
  expect(describeViolations(await axe())).toEqual([]);
  expect(await page.evaluate(() => window.localStorage.getItem('portal-manifest'))).toBeNull();

  // The collaborators' entry (the portal's own page for it) and the provider's page it leads to.
  await page.goto('/collaborateur');
  await expect(page.getByText(FIRM, { exact: true })).toBeVisible();
  expect(await backgroundOf(page, 'Se connecter avec mon compte collaborateur')).toBe(COLOUR);
  expect(describeViolations(await axe())).toEqual([]);
  await page.goto('/login?choice=client');
  await page.getByRole('link', { name: /Connexion collaborateur/ }).click();
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await expect(page.getByText(FIRM, { exact: true })).toBeVisible();
  expect(await backgroundOf(page, 'Se connecter')).toBe(COLOUR);
});

test('a new colour alone keeps the pre-rendered login page, painted in it before any script runs', async ({
  browser,
  request,
}) => {
  await publishBranding(request, { ...manifest.branding, primaryColor: '#0b6e4f' });
  // No script at all: what the browser paints from the HTML and the stylesheets alone.
  const context = await browser.newContext({
    baseURL: PORTAL_URL,
    javaScriptEnabled: false,
  });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByText(manifest.branding.firmName, { exact: true })).toBeVisible();
    // Its links in the new colour (its buttons wait for the code, disabled until it runs).
    const forgotten = page.getByRole('link', { name: 'Mot de passe oublié ?' });
    expect(await forgotten.evaluate((link) => getComputedStyle(link).color)).toBe(COLOUR);
  } finally {
    await context.close();
  }
});

/** A customer who never accepted any terms: invited by Claire on 1001, password set through the link. */
async function newCustomer(request: APIRequestContext, email: string, password: string): Promise<void> {
  const token = await apiToken(request, 'claire.solo@demo.test');
  const invited = await request.post(`${GATEWAY_URL}/account/api/accounts/1001/users`, {
    headers: { authorization: `Bearer ${token}` },
    data: { email, firstName: 'Iris', lastName: 'Nouvelle', permissions: ['CLGED0001'] },
  });
  expect(invited.status()).toBe(201);
  const link = await linkIn(request, email, '/createPassword');
  const created = await request.post(`${GATEWAY_URL}/authentication/api/createNewPassword`, {
    data: { token: link.searchParams.get('token'), password },
  });
  expect(created.status()).toBe(204);
}

/** WCAG contrast ratio of a CSS `rgb()` colour against white. */
function contrastOnWhite(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  return 1.05 / (luminance + 0.05);
}

test('the terms page: "J\'accepte" first, sign-out after it, the full text, and a welcome after a first acceptance only', async ({
  page,
  request,
  axe,
}) => {
  test.setTimeout(90_000);
  const email = 'iris.nouvelle@demo.test';
  const password = 'un cheval bleu mange des pommes';
  await newCustomer(request, email, password);
  await signInCustomer(page, email, { password, landing: /\/validation-cgu\/\d+/ });

  // The primary action comes first and is filled; leaving comes after it, as a quiet (subtle) button.
  const accept = page.getByRole('button', { name: "J'accepte les conditions" });
  const leave = page.getByRole('button', { name: 'Se déconnecter' });
  await expect(accept).toBeEnabled();
  const [acceptBox, leaveBox] = [await accept.boundingBox(), await leave.boundingBox()];
  expect(acceptBox?.y ?? 0).toBeLessThan(leaveBox?.y ?? 0);
  // Filled in the firm's colour (the built manifest's #3b5bdb) against a subtle, see-through sign-out.
  expect(await accept.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(
    'rgb(59, 91, 219)',
  );
  expect(await leave.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
  // Quiet but readable: its text on the white card meets AA (4.5:1), not a pale grey.
  const leaveText = await leave.evaluate((button) => getComputedStyle(button).color);
  expect(contrastOnWhite(leaveText)).toBeGreaterThanOrEqual(4.5);
  expect(describeViolations(await axe())).toEqual([]);

  // The full text, on a page of its own, and back.
  await page.getByRole('link', { name: 'Lire le texte intégral' }).click();
  await expect(page).toHaveURL(/\/cgu$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    "Conditions générales d'utilisation : texte intégral",
  );
  await expect(page.locator('[data-terms-text]')).not.toBeEmpty();
  expect(describeViolations(await axe())).toEqual([]);
  await page.getByRole('button', { name: 'Retour' }).click();
  await expect(page).toHaveURL(/\/validation-cgu\/\d+/);

  // A first acceptance: the welcome shows over the landing page.
  await page.getByRole('button', { name: "J'accepte les conditions" }).click();
  await expect(page).toHaveURL(/\/dossier\/1001\/accueil$/);
  const welcome = page.getByRole('status').filter({ hasText: /Bienvenue dans votre espace/ });
  await expect(welcome).toContainText(manifest.branding.firmName);
  expect(describeViolations(await axe())).toEqual([]);
  await welcome.getByRole('button', { name: 'Fermer le message de bienvenue' }).click();
  await expect(welcome).toHaveCount(0);

  // Signed in again: no terms page, no welcome.
  await signOut(page);
  await signInCustomer(page, email, { password, landing: /\/dossier\/1001\/accueil$/ });
  await expect(page.getByRole('status').filter({ hasText: /Bienvenue dans votre espace/ })).toHaveCount(0);
});

test('Nina, who accepted the previous terms, accepts the new ones without a welcome', async ({ page }) => {
  await signInCustomer(page, 'nina.terms@demo.test', { landing: /\/validation-cgu\/\d+/ });
  await page.getByRole('button', { name: "J'accepte les conditions" }).click();
  await expect(page).toHaveURL(/\/dossier\/1003\/accueil$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Bienvenue dans votre espace/ })).toHaveCount(0);
});
