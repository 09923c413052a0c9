// The portal served as production serves it: scripts/static-server.ts (`npm start`, every e2e run) or
// Debian's nginx with deploy/nginx.conf (`npm run test:e2e:nginx`, which runs this spec through nginx).
// Headers a person never sees but a firm's security review checks, then Claire's way in through them.
import { createHash } from 'node:crypto';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { describeFirstVisit, expect, test } from './fixtures';
import { submitCredentials } from './sign-in';

function expectSecurityHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers['content-security-policy'], what).toMatch(/frame-ancestors 'self'/);
  // Scripts from this origin and the https hosts of the third-party scripts the build enables; nothing
  // inline but the pre-rendered login page's decision script, named by its hash.
  expect(headers['content-security-policy'], what).toMatch(
    /script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')?( https:\/\/[^\s;']+)*(;|$)/,
  );
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
}

/**
 * A page as a browser that takes Brotli gets it: 200, the security headers, revalidated at each visit
 * (no-cache) and sent compressed with Brotli.
 */
async function servedPage(request: APIRequestContext, path: string, what: string): Promise<APIResponse> {
  const answer = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(answer.status()).toBe(200);
  expectSecurityHeaders(answer, what);
  expect(answer.headers()['cache-control']).toBe('no-cache');
  expect(answer.headers()['content-encoding']).toBe('br');
  return answer;
}

test('index.html, the routes, the assets and the gateway calls carry the production headers', async ({
  request,
}) => {
  const index = await servedPage(request, '/', 'index.html');

  const route = await request.get('/dossier/1001/accueil');
  expectSecurityHeaders(route, 'a route of the app');
  expect(route.headers()['cache-control']).toBe('no-cache');
  expect(await route.text()).toContain('<div id="root">');

  const html = await index.text();
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const asset of scripts) {
    const answer = await request.get(asset ?? '', { headers: { 'accept-encoding': 'gzip' } });
    expect(answer.status(), asset).toBe(200);
    expectSecurityHeaders(answer, String(asset));
    expect(answer.headers()['cache-control'], asset).toBe('public, max-age=31536000, immutable');
    // Files under a kilobyte are not worth compressing (scripts/vite-precompress.ts).
    if ((await answer.body()).length >= 1024)
      expect(answer.headers()['content-encoding'], asset).toBe('gzip');
    expect((await request.get(`${String(asset)}.map`)).status(), `${String(asset)}.map`).toBe(404);
  }

  const missing = await request.get('/assets/gone-Xy12Zw34.js');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['cache-control']).not.toMatch(/immutable/);

  const gatewayCall = await request.get('/userorigin');
  expect(gatewayCall.status()).toBe(200);
  expectSecurityHeaders(gatewayCall, 'a gateway call');
  expect((await request.get('/authentication/api/dev/mailbox')).status()).toBe(404);
});

test('the login route gets its pre-rendered page, whose one inline script the policy names by hash', async ({
  request,
}) => {
  const login = await servedPage(request, '/login', 'the login page');
  const html = await login.text();
  expect(html).toContain('Connexion à votre espace client');
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
  expect(inline).toHaveLength(1);
  const hash = createHash('sha256')
    .update(inline[0] ?? '')
    .digest('base64');
  expect(login.headers()['content-security-policy']).toContain(`'sha256-${hash}'`);
  // Any other route: index.html, without the login page's markup.
  expect(await (await request.get('/collaborateur')).text()).not.toContain('Connexion à votre espace client');
});

describeFirstVisit(() => {
  test('the pre-rendered login page is kept, hydrated, and Claire signs in through it', async ({ page }) => {
    // What the page's script decided, read before the app runs (hydrated, the app drops the attribute).
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          document.body.dataset['decision'] = document.documentElement.getAttribute('data-prerender') ?? '';
      });
    });
    await page.goto('/login?choice=client');
    await expect(page.locator('body')).toHaveAttribute('data-decision', 'on');
    await submitCredentials(page, 'claire.solo@demo.test');
    await expect(page).toHaveURL(/\/dossier\/1001\/accueil$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test('Claire signs in and reaches her entity home through the production server', async ({ page }) => {
  await page.goto('/login?choice=client');
  await submitCredentials(page, 'claire.solo@demo.test');
  await expect(page).toHaveURL(/\/dossier\/1001\/accueil$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
