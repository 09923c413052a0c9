// The harness itself: the built portal is served, the gateway answers, Chromium runs and axe runs.
import { GATEWAY_URL, describeViolations, expect, test } from './fixtures';

test('the reference gateway is up', async ({ request }) => {
  const health = await request.get(`${GATEWAY_URL}/health`);
  expect(health.ok()).toBe(true);
});

test('the demo personas are readable', ({ personas }) => {
  expect(personas.all.length).toBeGreaterThan(0);
  expect(personas.byEmail('claire.solo@demo.test').password).not.toBe('');
});

test('the login page loads, has a title and no serious or critical accessibility violation', async ({
  page,
  axe,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await page.goto('/login');
  await expect(page.locator('#root')).not.toBeEmpty();
  await page.waitForLoadState('networkidle');

  await expect(page).toHaveTitle(/\S/);
  expect(describeViolations(await axe())).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test.describe('the harness', () => {
  test('axe reports a known violation', async ({ page, axe }) => {
    await page.setContent('<html lang="en"><title>t</title><main><input type="text"></main></html>');
    const violations = await axe({ impacts: ['serious', 'critical'] });
    expect(violations.map((violation) => violation.id)).toContain('label');
  });

  test('the request recorder counts calls to the gateway only', async ({ page, requests }) => {
    await page.goto('/login');
    // The form shows once the login page's own call (userorigin) has answered; network idle alone can
    // come earlier, while a busy machine still runs the preloaded code.
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await page.waitForLoadState('networkidle');
    requests.clear();
    await page.evaluate(async (gateway) => {
      await fetch(`${gateway}/health`);
      await fetch(`${gateway}/health`);
      await fetch('/index.html');
    }, GATEWAY_URL);
    expect(requests.list().map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /health',
      'GET /health',
    ]);
    expect(requests.duplicates()).toEqual(['GET /health']);
  });
});
