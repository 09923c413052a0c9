// Issue 10 attacks where the portal is involved: the demo inbox through the portal's origin, the reset
// token in the address bar and the Referer, and the wait shown after too many wrong passwords.
import type { APIRequestContext } from '@playwright/test';
import { GATEWAY_URL, PORTAL_URL, expect, test } from './fixtures';
import { submitCredentials } from './sign-in';
import { addressOf, linkIn } from './inbox';

async function resetLinkOf(request: APIRequestContext, email: string): Promise<URL> {
  expect(
    (await request.post(`${GATEWAY_URL}/authentication/api/resetPassword`, { data: { email } })).status(),
  ).toBe(204);
  return linkIn(request, email);
}

test('the demo inbox cannot be read through the portal’s origin', async ({
  request,
  page,
  expectConsoleErrors,
}) => {
  // The refusals this test causes: the portal's 404, and the browser blocking the cross-origin read.
  expectConsoleErrors(/status of 404/, /blocked by CORS policy/, /dev\/inbox.*ERR_FAILED/, /net::ERR_FAILED/);
  const email = 'claire.solo@demo.test';
  await request.post(`${PORTAL_URL}/authentication/api/resetPassword`, { data: { email } });
  const throughPortal = await request.get(
    `${PORTAL_URL}/authentication/api/dev/inbox?email=${encodeURIComponent(email)}`,
  );
  expect(throughPortal.status()).toBe(404);
  expect(await throughPortal.text()).not.toContain('resetPasswordForm');
  // Nor from a page of the portal, nor across origins from it (no CORS).
  await page.goto('/login?choice=client');
  const fromPage = await page.evaluate(
    async ([gateway, address]) => {
      const sameOrigin = await fetch(`/authentication/api/dev/inbox?email=${address}`).then(
        (answer) => answer.status,
      );
      const crossOrigin = await fetch(`${gateway}/authentication/api/dev/inbox?email=${address}`).then(
        (answer) => answer.status,
        () => 'blocked',
      );
      return { sameOrigin, crossOrigin };
    },
    [GATEWAY_URL, encodeURIComponent(email)] as const,
  );
  expect(fromPage.sameOrigin).toBe(404);
  expect(fromPage.crossOrigin).not.toBe(200);
});

test('the reset form takes the token out of the address bar and sends no referrer', async ({
  page,
  request,
}) => {
  const link = await resetLinkOf(request, 'sam.nousers@demo.test');
  const token = link.searchParams.get('token') ?? '';
  expect(token).not.toBe('');
  const referers: (string | undefined)[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('createNewPassword')) referers.push(sent.headers()['referer']);
  });
  await page.goto(addressOf(link));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).not.toHaveURL(/token=/);
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');

  const fields = page.locator('input[autocomplete="new-password"]');
  await fields.nth(0).fill('un cheval bleu mange des pommes');
  await fields.nth(1).fill('un cheval bleu mange des pommes');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page).toHaveURL(/passwordChanged=true/);
  // Chromium sends no Referer at all (Playwright shows it as empty).
  expect(referers).toHaveLength(1);
  expect(referers.every((referer) => referer === undefined || referer === '')).toBe(true);
  expect(page.url()).not.toContain(token);
});

test('after too many wrong passwords the login page says how long to wait', async ({
  page,
  expectConsoleErrors,
}) => {
  expectConsoleErrors(/status of 401/, /status of 429/);
  await page.goto('/login?choice=client');
  for (let attempt = 0; attempt < 6; attempt += 1) {
    await submitCredentials(page, 'nina.terms@demo.test', `wrong-password-${String(attempt)}`);
    await expect(page.getByRole('alert')).toBeVisible();
  }
  await expect(page.getByRole('alert')).toContainText(/Trop de tentatives\. Réessayez dans 1[45] minutes\./);
});
