// Bad input and a failing or slow gateway, as a person meets them: a clear message or a contained error,
// never a blank page, and nothing typed is lost. Faults are injected by the reference gateway
// (GATEWAY_FAULTS=on in the e2e run); every test starts from a freshly seeded gateway.
import type { APIRequestContext } from '@playwright/test';
import { GATEWAY_URL, describeViolations, expect, test } from './fixtures';
import { PASSWORD, signInCustomerTo, submitCustomerLogin as fillLogin } from './sign-in';
import { expectRefusedAt, sidebar } from './screens';

const CLAIRE = 'claire.solo@demo.test';

async function injectFault(
  request: APIRequestContext,
  fault: { pathPattern: string; status?: number; latencyMs?: number; drop?: boolean; count?: number },
) {
  const answer = await request.post(`${GATEWAY_URL}/__admin/faults`, { data: fault });
  expect(answer.ok()).toBe(true);
}

test('a gateway error while signing in shows a message, keeps the e-mail, and a retry succeeds', async ({
  page,
  request,
  expectConsoleErrors,
}) => {
  expectConsoleErrors(/status of 500/, /Customer sign-in failed/);
  await injectFault(request, { pathPattern: 'authentication/api/login', status: 500, count: 1 });
  await fillLogin(page, CLAIRE);
  await expect(page.getByRole('alert')).toContainText('La connexion est impossible pour le moment.');
  await expect(page.getByLabel('E-mail')).toHaveValue(CLAIRE);
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dossier\/1001\/accueil$/);
});

test('a dropped connection during sign-in is not a blank page either', async ({
  page,
  request,
  expectConsoleErrors,
}) => {
  expectConsoleErrors(/status of 502/, /Customer sign-in failed/);
  await injectFault(request, { pathPattern: 'authentication/api/login', drop: true, count: 1 });
  await fillLogin(page, CLAIRE);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(CLAIRE);
});

test('a failing user-context call is logged and yields no data: the sign-in still lands', async ({
  page,
  request,
  expectConsoleErrors,
}) => {
  expectConsoleErrors(/status of 500/, /Failed to load the user context/);
  // SPEC 8: failures loading the user context are logged and yield no data; contact/me still answers.
  await injectFault(request, { pathPattern: 'get-user-information', status: 500, count: 1 });
  await signInCustomerTo(page, CLAIRE, /\/dossier\/1001\/accueil$/);
  await expect(page.getByRole('button', { name: 'Menu de Claire Solo' })).toBeVisible();
});

test('a widget whose call fails shows its own error; the rest of the home page works', async ({
  page,
  request,
  expectConsoleErrors,
}) => {
  expectConsoleErrors(/status of 500/);
  await injectFault(request, { pathPattern: 'contact/api/news', status: 500 });
  await signInCustomerTo(page, CLAIRE, /\/dossier\/1001\/accueil$/);
  const news = page.locator('[data-widget="news/rss"]');
  await expect(news).toContainText("Les actualités n'ont pas pu être chargées.");
  await expect(page.locator('[data-widget="lab/lab"]')).toBeVisible();
  await expect(sidebar(page)).toBeVisible();
});

test('a slow gateway shows loading, then the content, without showing the wrong page meanwhile', async ({
  page,
  request,
}) => {
  await signInCustomerTo(page, CLAIRE, /\/dossier\/1001\/accueil$/);
  await injectFault(request, { pathPattern: 'contact/api/news', latencyMs: 2500 });
  await page.reload();
  const news = page.locator('[data-widget="news/rss"]');
  await expect(news.getByLabel(/Chargement des actualités/)).toBeVisible();
  await expect(page.locator('[data-widget="lab/lab"]')).toBeVisible();
  await expect(news.getByRole('link').first()).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/dossier\/1001\/accueil$/);
});

test.describe('bad entity ids in the address bar', () => {
  for (const [label, path] of [
    ['non-numeric', '/dossier/abc/accueil'],
    ['numeric but not hers', '/dossier/1002/accueil'],
    ['SQL-looking', "/dossier/1001'%20OR%201=1/accueil"],
  ] as const) {
    test(`${label} → the 403 page inside the portal, with a way back`, async ({
      page,
      expectConsoleErrors,
    }) => {
      // Another tenant's entity: the gateway refuses (403) and the portal logs the refused load.
      expectConsoleErrors(/status of 403/, /Failed to load (permissions|the entity)/, /could not be loaded/);
      await signInCustomerTo(page, CLAIRE, /\/dossier\/1001\/accueil$/);
      await expectRefusedAt(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accès refusé');
      await page.getByRole('link', { name: "Retour à l'accueil" }).click();
      await expect(page).toHaveURL(/\/dossier\/1001\/accueil$/);
    });
  }
});

test('an unknown address shows the 404 page', async ({ page, axe }) => {
  await page.goto('/nulle-part');
  await expect(page).toHaveURL(/\/error\/404$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
  expect(describeViolations(await axe())).toEqual([]);
});

test('the 403 page inside the shell has no serious or critical accessibility violation', async ({
  page,
  axe,
}) => {
  await signInCustomerTo(page, CLAIRE, /\/dossier\/1001\/accueil$/);
  await page.goto('/dossier/abc/accueil');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accès refusé');
  expect(describeViolations(await axe())).toEqual([]);
});
