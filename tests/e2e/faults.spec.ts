// The fault list, as a person meets each fault: no uncaught error (the clean-console fixture fails on
// any the test did not declare), never a blank page (the shell or a message is visible), nothing typed
// lost, and the right message. Faults come from request interception, storage stubs and hand-made
// tokens; each test starts from a freshly seeded gateway.
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectSignedOut, signInCustomerTo, submitCredentials, submitCustomerLogin } from './sign-in';
import { openFromMenu, sidebar } from './screens';

const CLAIRE = 'claire.solo@demo.test';
const signIn = (page: Page, email = CLAIRE) => submitCustomerLogin(page, email);

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token of the right shape whose signature the gateway would refuse; `exp` in seconds. */
const handMadeToken = (exp: number) =>
  `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: '1', exp, iat: exp - 3600 })}.c2lnbmF0dXJl`;

const json = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

test.describe('a stored session that cannot be used', () => {
  for (const [label, token] of [
    ['garbage', 'not-a-token'],
    ['three parts but no JSON', 'a.b.c'],
    ['already expired', handMadeToken(Math.floor(Date.now() / 1000) - 60)],
  ] as const) {
    test(`a ${label} token at load: the login page, the token removed`, async ({
      page,
      expectConsoleErrors,
    }) => {
      // SPEC 8: a token that cannot be decoded is logged as such.
      expectConsoleErrors(/Failed to decode token/);
      await page.addInitScript((value) => {
        if (sessionStorage.getItem('seeded') === null) {
          sessionStorage.setItem('token', value);
          sessionStorage.setItem('seeded', '1');
        }
      }, token);
      await page.goto('/');
      await expectSignedOut(page);
    });
  }
});

test('storage that throws on every write: the person still signs in and works (memory only)', async ({
  page,
  expectConsoleErrors,
}) => {
  // SPEC 8: storage failures are logged only.
  expectConsoleErrors(/Storage write failed/);
  await page.addInitScript(() => {
    const refuse = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    Storage.prototype.setItem = refuse;
  });
  await signInCustomerTo(page, CLAIRE, /\/dossier\/1001\/accueil$/);
  await expect(page.getByRole('button', { name: 'Menu de Claire Solo' })).toBeVisible();
  await openFromMenu(sidebar(page), 'Banque');
});

test('storage that cannot even be read: the login page shows and sign-in works', async ({
  page,
  expectConsoleErrors,
}) => {
  expectConsoleErrors(/Storage (read|write|removal) failed/);
  await page.addInitScript(() => {
    const broken = () => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    };
    Storage.prototype.getItem = broken;
    Storage.prototype.setItem = broken;
    Storage.prototype.removeItem = broken;
  });
  await signInCustomerTo(page, CLAIRE, /\/dossier\/1001\/accueil$/);
  await expect(page.getByRole('button', { name: 'Menu de Claire Solo' })).toBeVisible();
});

test('a garbage selected-entity in storage is ignored', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('selected-entity', '{"accountId":"1002; DROP"}'));
  await signInCustomerTo(page, CLAIRE, /\/dossier\/1001\/accueil$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Boulangerie Martin SARL');
});

test('a captive portal answering HTML to a JSON call: the widget says it failed, the page works', async ({
  page,
  expectConsoleErrors,
}) => {
  await page.route('**/contact/api/news', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<html><body>Wi-Fi login</body></html>' }),
  );
  await signIn(page);
  const news = page.locator('[data-widget="news/rss"]');
  await expect(news.getByText("Les actualités n'ont pas pu être chargées.")).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Boulangerie Martin SARL');
  expectConsoleErrors(/Gateway request failed/);
});

test('a news feed of 5 MB shows its first items and the page stays responsive', async ({ page }) => {
  const items = Array.from({ length: 2500 }, (_, i) => ({
    title: `Actualité ${String(i + 1)}`,
    link: `https://news.example/${String(i)}`,
    publishedAt: '2026-11-20T08:00:00.000Z',
    summaryHtml: `<p>${'x'.repeat(2000)}</p>`,
  }));
  await page.route('**/contact/api/news', (route) => json(route, { items }));
  await signIn(page);
  const news = page.locator('[data-widget="news/rss"]');
  await expect(news.getByRole('link', { name: 'Actualité 1', exact: true })).toBeVisible();
  await expect(news.getByRole('listitem')).toHaveCount(5);
  await openFromMenu(sidebar(page), 'Banque');
});

test('a news feed that is not even valid JSON: the widget says so, the others work', async ({ page }) => {
  await page.route('**/contact/api/news', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: '<?xml version="1.0"?><rss><channel>',
    }),
  );
  await signIn(page);
  await expect(
    page.locator('[data-widget="news/rss"]').getByText("Les actualités n'ont pas pu être chargées."),
  ).toBeVisible();
  await expect(page.locator('[data-widget="lab/lab"]')).toBeVisible();
});

test('a permission list that is null or malformed grants nothing (deny by default)', async ({ page }) => {
  await page.route('**/authorization/api/authorization/currentuser**', (route) => {
    const url = new URL(route.request().url());
    return url.searchParams.has('accountId')
      ? json(route, { accountId: 1001, permissions: null })
      : json(route, { accountId: null, permissions: { CLBANK001: true } });
  });
  await page.route('**/connect/api/get-user-information', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    return json(route, { ...body, permissions: 'CLBANK001' });
  });
  await signInCustomerTo(page, CLAIRE, /\/dossier\/1001\/accueil$/);
  const menu = sidebar(page);
  await expect(menu.getByRole('link', { name: 'Accueil' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Banque' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Indicateurs' })).toHaveCount(0);
  await page.goto('/dossier/1001/banque');
  await expect(page).toHaveURL(/\/dossier\/1001\/accueil$/);
});

test.describe('the collaborator sign-in when the identity provider misbehaves', () => {
  test('a callback with an unknown state says the sign-in failed and offers to start again', async ({
    page,
    expectConsoleErrors,
  }) => {
    expectConsoleErrors(/state|sign-in|Collaborator/i);
    await page.goto('/collaborateur?code=forged-code&state=unknown-state');
    await expect(page.getByRole('alert')).toContainText(
      'La connexion collaborateur a échoué. Veuillez réessayer.',
    );
    await expect(
      page.getByRole('button', { name: 'Se connecter avec mon compte collaborateur' }),
    ).toBeEnabled();
  });

  test('a callback processed twice (back button, a reload) lands where the first one did', async ({
    page,
  }) => {
    let callback = '';
    page.on('framenavigated', (frame) => {
      if (
        frame === page.mainFrame() &&
        frame.url().includes('/collaborateur?') &&
        frame.url().includes('state=')
      )
        callback = frame.url();
    });
    await page.goto('/collaborateur');
    await page.getByRole('button', { name: 'Se connecter avec mon compte collaborateur' }).click();
    await submitCredentials(page, 'paul.collab@demo.test');
    await expect(page).toHaveURL(/\/portefeuille\/dossiers$/);
    expect(callback).not.toBe('');
    await page.goto(callback);
    await expect(page).toHaveURL(/\/portefeuille\/dossiers$/);
    await expect(page.getByRole('button', { name: 'Menu de Paul Collab' })).toBeVisible();
  });

  test('the provider’s discovery document unreachable: a clear message, and a later try works', async ({
    page,
    expectConsoleErrors,
  }) => {
    expectConsoleErrors(/status of 503/, /sign-in|Collaborator|discovery|openid-configuration/i);
    await page.route('**/.well-known/openid-configuration', (route) =>
      route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
    );
    await page.goto('/collaborateur');
    await page.getByRole('button', { name: 'Se connecter avec mon compte collaborateur' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'La connexion collaborateur a échoué. Veuillez réessayer.',
    );
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Se connecter avec mon compte collaborateur' }).click();
    await expect(page).toHaveURL(/\/oidc\//);
  });
});

test('a write that fails keeps what was typed and is not sent again by itself', async ({
  page,
  expectConsoleErrors,
}) => {
  expectConsoleErrors(/status of 500/);
  let sent = 0;
  await page.route('**/authentication/api/resetPassword', (route) => {
    sent += 1;
    return json(route, { error: 'injected', message: 'down' }, 500);
  });
  await page.goto('/resetPassword');
  await page.getByLabel('E-mail').fill('claire.solo@demo.test');
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('alert')).toContainText('Une erreur est survenue. Veuillez réessayer.');
  await expect(page.getByLabel('E-mail')).toHaveValue('claire.solo@demo.test');
  await page.waitForTimeout(1500);
  expect(sent).toBe(1);
});

test.describe('a token refresh that goes wrong keeps the session (SPEC 4: logged, the current token kept)', () => {
  /**
   * Claire signed in, her refresh call answered by `answer`, then her clock moved 56 minutes on: her token
   * now expires within the 5-minute buffer, so the next gateway call refreshes it first.
   */
  async function claireNearExpiry(page: Page, answer: (route: Route) => Promise<void> | void) {
    await page.clock.install();
    await signInCustomerTo(page, CLAIRE, /\/dossier\/1001\/accueil$/);
    await page.waitForLoadState('networkidle');
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const refreshes = { count: 0 };
    await page.route('**/authentication/api/refreshToken', (route) => {
      refreshes.count += 1;
      return answer(route);
    });
    // The clock jumps without firing timers: requests still in flight keep their own time-outs.
    await page.clock.setSystemTime(Date.now() + 56 * 60_000);
    return { token, refreshes };
  }

  /** The bank page (its calls are new: they wait for the refresh), then back to the home page. */
  async function somethingThatCallsTheGateway(
    page: Page,
    meanwhile: () => Promise<void> = () => Promise.resolve(),
  ) {
    const menu = sidebar(page);
    await menu.getByRole('link', { name: 'Banque' }).click();
    await meanwhile();
    await expect(page.getByText('Total des comptes')).toBeVisible();
    await menu.getByRole('link', { name: 'Accueil' }).click();
  }

  for (const [label, answer] of [
    ['answering 500', (route: Route) => json(route, { error: 'down' }, 500)],
    [
      'answering 200 with an empty body',
      (route: Route) => route.fulfill({ status: 200, contentType: 'application/json', body: '' }),
    ],
    ['answering 200 with no valid token', (route: Route) => json(route, { token: 'garbage' })],
  ] as const) {
    test(`refresh ${label}: the person keeps working with the current token`, async ({
      page,
      expectConsoleErrors,
    }) => {
      expectConsoleErrors(
        /Token refresh failed, keeping the current token/,
        /status of 500/,
        /Failed to decode token/,
      );
      const { token, refreshes } = await claireNearExpiry(page, answer);
      await somethingThatCallsTheGateway(page);
      await expect(page.locator('[data-widget="news/rss"]').getByRole('link').first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Menu de Claire Solo' })).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Session expirée' })).toHaveCount(0);
      expect(refreshes.count).toBe(1);
      expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBe(token);
    });
  }

  test('refresh that never answers: the calls go on with the current token after the timeout', async ({
    page,
    expectConsoleErrors,
  }) => {
    expectConsoleErrors(/Token refresh failed, keeping the current token/);
    const { token, refreshes } = await claireNearExpiry(page, () => {
      // Never answered: a gateway that accepted the connection and hangs.
    });
    // The refresh hangs: the page's calls wait for it until the 10 s timeout, then go on.
    await somethingThatCallsTheGateway(page, async () => {
      await expect.poll(() => refreshes.count).toBe(1);
      await page.clock.runFor(12_000);
    });
    await expect(page.locator('[data-widget="news/rss"]').getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu de Claire Solo' })).toBeVisible();
    expect(refreshes.count).toBe(1);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBe(token);
  });
});

test('signing out in one tab signs out the other tabs of the session', async ({ page, context }) => {
  await signInCustomerTo(page, CLAIRE, /\/dossier\/1001\/accueil$/);
  // A second tab opened from the first shares its session (session storage is copied to it).
  const [second] = await Promise.all([
    context.waitForEvent('page'),
    page.evaluate(() => window.open('/dossier/1001/banque', '_blank')),
  ]);
  await expect(second.getByRole('heading', { level: 1, name: 'Banque' })).toBeVisible();
  await page.getByRole('button', { name: 'Menu de Claire Solo' }).click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expectSignedOut(second);
});

test('a 429 with Retry-After is waited out, then the call is made once more', async ({
  page,
  expectConsoleErrors,
}) => {
  expectConsoleErrors(/status of 429/);
  const asked: number[] = [];
  await page.route('**/contact/api/news', (route) => {
    asked.push(Date.now());
    return asked.length === 1
      ? route.fulfill({
          status: 429,
          headers: { 'Retry-After': '1' },
          contentType: 'application/json',
          body: '{"error":"too_many_requests"}',
        })
      : route.continue();
  });
  await signIn(page);
  await expect(page.locator('[data-widget="news/rss"]').getByRole('link').first()).toBeVisible();
  expect(asked).toHaveLength(2);
  expect((asked[1] ?? 0) - (asked[0] ?? 0)).toBeGreaterThanOrEqual(950);
});

test('while the gateway is slow to answer at start, / shows a loading state, never an empty page', async ({
  page,
}) => {
  await signInCustomerTo(page, CLAIRE, /\/dossier\/1001\/accueil$/);
  await page.route('**/contact/me', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('status').first()).toBeVisible();
  await expect(page).toHaveURL(/\/dossier\/1001\/accueil$/);
  await expect(page.getByRole('button', { name: 'Menu de Claire Solo' })).toBeVisible();
});

test('a gateway that does not answer when the portal starts: "service unavailable, try again", not "session expired"', async ({
  page,
  expectConsoleErrors,
}) => {
  expectConsoleErrors(/ERR_|status of 50\d|Failed to load|Gateway request failed|could not|unavailable/i);
  await signInCustomerTo(page, CLAIRE, /\/dossier\/1001\/accueil$/);
  await page.route(/\/(contact|connect|authorization|account|reporting)\//, (route) =>
    route.abort('connectionrefused'),
  );
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Le service est momentanément indisponible');
  await expect(page.getByRole('dialog', { name: 'Session expirée' })).toHaveCount(0);
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect(page.getByRole('button', { name: 'Menu de Claire Solo' })).toBeVisible();
  await expect(page).toHaveURL(/\/dossier\/1001\/accueil$/);
});
