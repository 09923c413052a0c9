// Sign-in and session end to end: the built portal under its CSP, real Chromium, the reference gateway
// and its OIDC provider.
import type { Page } from '@playwright/test';
import { GATEWAY_URL, PORTAL_URL, describeViolations, expect, expectOneWave, test } from './fixtures';
import type { RecordedRequest } from './fixtures';
import { acceptTermsTo, fillCredentials, signInCustomerTo, submitCredentials } from './sign-in';

/** Goes to `path` with the page's CSP reports collected from its first byte; answers them. */
async function visitWatchingCsp(page: Page, path: string): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(path);
  return violations;
}

/** The home widgets' own reads: not part of the way in (they come once the grid places their widgets). */
const WIDGET_READS = [
  /^GET \/contact\/api\/news\b/,
  /^GET \/booking\/api\//,
  // The accounting documents widget: the first page of the list its link opens.
  /^GET \/account\/api\/accounts\/\d+\/documents\b/,
  // The payroll cut-off widget (Claire holds CLEVP001 on 1001): the entity's payroll months.
  /^GET \/account\/api\/accounts\/\d+\/payroll\/months\b/,
];

async function signOut(page: Page, name: RegExp) {
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
}

test('a customer signs in and out; requests from sign-in to landing are counted, none twice', async ({
  page,
  requests,
}) => {
  const csp = await visitWatchingCsp(page, '/login?choice=client');
  await fillCredentials(page, 'claire.solo@demo.test');
  requests.clear();
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dossier\/1001\/accueil$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The header's bell is a lazy chunk: it shows the count the user context brought, with no call of its own.
  await expect(page.getByRole('button', { name: /^Notifications, \d+ non lues?$/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const recorded = requests.list();
  const keyOf = (request: RecordedRequest) => `${request.method} ${request.path}`;
  const t0 = recorded[0]?.startedAt ?? 0;
  const at = (ms: number | undefined) => String(Math.round((ms ?? Number.NaN) - t0)).padStart(5);
  console.log(
    `Claire: ${String(recorded.length)} requests from sign-in to landing (start → end, ms)\n  ${recorded
      .map((request) => `${at(request.startedAt)} → ${at(request.endedAt)}  ${keyOf(request)}`)
      .join('\n  ')}`,
  );
  expect(requests.duplicates()).toEqual([]);
  // The widgets' own reads (news, booking, the accounting documents) come once the grid shows them, and
  // whether they fall before network idle depends on the machine: the way in is the rest.
  const wayIn = recorded.filter((request) => !WIDGET_READS.some((read) => read.test(keyOf(request))));
  // Issue 17: at most 10 — the login, the five calls of the user context (the bell's unread count comes
  // with its user information), the three of the entity and the home grid's saved layout.
  expect(wayIn.map(keyOf)).not.toContain('GET /contact/api/contacts/currentuser/notifications');
  expect(wayIn.length).toBeLessThanOrEqual(10);
  const wave = (paths: readonly string[]) => expectOneWave(recorded, paths);
  wave([
    '/connect/api/get-user-information',
    '/contact/me',
    '/authorization/api/authorization/currentuser',
    '/account/api/accounts/currentuser?pageSize=2',
    '/contact/api/contacts/currentuser/terms',
  ]);
  wave([
    '/authorization/api/authorization/currentuser?accountId=1001',
    '/connect/api/accounts/1001/summary',
    '/reporting/api/reports/currentuser?accountId=1001',
    // The page's own read, started by the route with the entity's calls (not once its code has loaded).
    '/contact/api/contacts/currentuser/home-layouts/1001',
  ]);

  await signOut(page, /Menu de/);
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  expect(csp).toEqual([]);
});

test('wrong credentials show an alert and keep the e-mail', async ({ page, expectConsoleErrors }) => {
  expectConsoleErrors(/status of 401/);
  await page.goto('/login?choice=client');
  await submitCredentials(page, 'claire.solo@demo.test', 'wrong-password');
  await expect(page.getByRole('alert')).toContainText('E-mail ou mot de passe incorrect.');
  await expect(page.getByLabel('E-mail')).toHaveValue('claire.solo@demo.test');
});

test('a collaborator signs in through the provider page and out; requests counted', async ({
  page,
  requests,
}) => {
  const csp = await visitWatchingCsp(page, '/collaborateur');
  await page.getByRole('button', { name: 'Se connecter avec mon compte collaborateur' }).click();
  await expect(page).toHaveURL(/\/oidc\//);
  await fillCredentials(page, 'paul.collab@demo.test');
  requests.clear();
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/portefeuille\/dossiers$/);
  await page.waitForLoadState('networkidle');
  const sent = requests.list().map((request) => `${request.method} ${request.path}`);
  console.log(
    `Paul: ${String(sent.length)} requests from the provider's sign-in to landing\n  ${sent.join('\n  ')}`,
  );
  expect(requests.duplicates().filter((key) => !key.startsWith('GET /oidc/interaction'))).toEqual([]);

  await signOut(page, /Menu de/);
  await expect(page).toHaveURL(/\/collaborateur$/);
  await expect(
    page.getByRole('button', { name: 'Se connecter avec mon compte collaborateur' }),
  ).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('interaction-in-progress'))).toBeNull();
  expect(csp).toEqual([]);
});

for (const minutes of [10, -10]) {
  test(`a clock ${minutes > 0 ? 'ahead' : 'behind'} by 10 minutes neither loops nor signs out`, async ({
    page,
    requests,
  }) => {
    await page.clock.setSystemTime(Date.now() + minutes * 60_000);
    await signInCustomerTo(page, 'marc.multi@demo.test', /\/portefeuille\/mes-entites$/);
    await page.reload();
    await expect(page).toHaveURL(/\/portefeuille\/mes-entites$/);
    await page.waitForLoadState('networkidle');
    requests.clear();
    await page.waitForTimeout(2000);
    // No loop: nothing is sent while the page rests.
    expect(requests.list().filter((request) => request.path.includes('refreshToken'))).toEqual([]);
    await expect(page.getByRole('dialog', { name: 'Session expirée' })).toHaveCount(0);
  });
}

test('a session that expires (one 401 injected by a gateway fault) shows the modal and the login page', async ({
  page,
  request,
  expectConsoleErrors,
}) => {
  expectConsoleErrors(
    /status of 401/,
    /Failed to load entities \{status: 401\}/,
    /The session ended while its context was loading/,
  );
  await signInCustomerTo(page, 'marc.multi@demo.test', /\/portefeuille\/mes-entites$/);
  // Let the landing's own calls (the entity switcher's list) finish, so the one-shot fault hits the reload.
  await page.waitForLoadState('networkidle');
  const fault = await request.post(`${GATEWAY_URL}/__admin/faults`, {
    data: { pathPattern: 'accounts/currentuser', status: 401, count: 1 },
  });
  expect(fault.ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Session expirée' })).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText(
    'Vous avez été déconnecté pour des raisons de sécurité.',
  );
  await expect(page).toHaveURL(/\/login/);
});

test('a forged token in storage leads to the login page', async ({ page, expectConsoleErrors }) => {
  expectConsoleErrors(
    /status of 401/,
    /Failed to load (the user context|permissions|entities)/,
    /The session ended while its context was loading/,
  );
  await page.goto('/login?choice=client');
  await page.evaluate(() => {
    const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
    const exp = Math.floor(Date.now() / 1000) + 3600;
    sessionStorage.setItem('token', `${part({ alg: 'HS256' })}.${part({ sub: '1', exp })}.forged`);
  });
  await page.goto('/portefeuille/mes-entites');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('E-mail')).toBeVisible();
});

test('Nina is sent to terms validation, and not asked again after accepting', async ({ page }) => {
  await signInCustomerTo(page, 'nina.terms@demo.test', /\/validation-cgu\/\d+/);
  await acceptTermsTo(page, /\/dossier\/1003\/accueil$/);
  await signOut(page, /Menu de/);
  // As a person does: back on the login page (the logout call has ended the session) before signing in again.
  await expect(page).toHaveURL(/\/login/);
  await signInCustomerTo(page, 'nina.terms@demo.test', /\/dossier\/1003\/accueil$/);
});

test('?redirect=https://evil.example never leaves the origin', async ({ page }) => {
  await signInCustomerTo(
    page,
    'claire.solo@demo.test',
    /\/dossier\/1001\/accueil$/,
    '/login?choice=client&redirect=https://evil.example',
  );
  expect(new URL(page.url()).origin).toBe(PORTAL_URL);
  expect(page.url()).not.toContain('evil.example');
});

test('the login pages have no serious or critical accessibility violation', async ({ page, axe }) => {
  for (const path of [
    '/login?choice=client',
    '/collaborateur',
    '/resetPassword',
    '/resetPasswordForm?token=x',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(describeViolations(await axe()), path).toEqual([]);
  }
});

test("at 390 px the collaborators' entry shows its button's whole label", async ({ page, axe }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/collaborateur');
  const button = page.getByRole('button', { name: 'Se connecter avec mon compte collaborateur' });
  await expect(button).toBeVisible();
  // Every line of the label fits its box (a cut label is wider than the box it is drawn in).
  const cut = await button.evaluate((element) => {
    const label = element.querySelector('.mantine-Button-label') ?? element;
    return label.scrollWidth - label.clientWidth;
  });
  expect(cut).toBeLessThanOrEqual(0);
  const box = await button.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? Infinity) <= 390).toBe(true);
  expect(describeViolations(await axe())).toEqual([]);
});
