// Analytics as a first-time visitor meets it: before the analytics category is accepted nothing reaches
// the collector (not even on leaving the page); once accepted, opening a sidebar item's page sends the
// manifest's 'Feature Consulted' with the item's featureName and the person's SPEC 5 properties, in a
// batch that leaves by sendBeacon when the page is hidden.
import type { APIRequestContext, Page } from '@playwright/test';
import manifest from '../../portal.config.json' with { type: 'json' };
import { expect, GATEWAY_URL, test } from './fixtures';
import { submitCredentials } from './sign-in';
import { openFromMenu, sidebar } from './screens';

test.use({ firstVisit: true });

type Collected = {
  counts: { event: string; count: number }[];
  latest: {
    event: string;
    userId: string | null;
    properties: Record<string, unknown>;
    userProperties: Record<string, unknown>;
  }[];
};

async function collected(request: APIRequestContext): Promise<Collected> {
  const answer = await request.get(`${GATEWAY_URL}/__admin/analytics`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Collected;
}

/** The hosts of the manifest's third-party scripts (no internet here) answer an empty script. */
async function stubThirdParties(page: Page): Promise<void> {
  for (const script of manifest.thirdPartyScripts)
    await page.route(`${new URL(script.url).origin}/**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* stub */' }),
    );
}

/** What a browser does when the person switches tab or leaves: the sink's last chance to send. */
const hidePage = (page: Page) =>
  page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));

test('nothing is collected before consent; after it, opening a sidebar page sends Feature Consulted', async ({
  page,
  request,
}) => {
  await stubThirdParties(page);
  const toCollector: { method: string; contentType: string | undefined }[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/analytics/api/events')
      toCollector.push({ method: sent.method(), contentType: sent.headers()['content-type'] });
  });

  await page.goto('/login?choice=client');
  const banner = page.getByRole('region', { name: 'Vos choix de confidentialité' });
  await expect(banner).toBeVisible();
  await submitCredentials(page, 'claire.solo@demo.test');
  await expect(page).toHaveURL(/\/dossier\/1001\/accueil$/);
  const menu = sidebar(page);
  await openFromMenu(menu, 'Gestion sociale');
  await hidePage(page);
  // A beacon leaves at once: a second is plenty for one to arrive.
  await page.waitForTimeout(1_000);
  expect(toCollector).toEqual([]);
  expect((await collected(request)).counts).toEqual([]);

  await banner.getByRole('button', { name: 'Personnaliser' }).click();
  await banner.getByRole('switch', { name: /Mesure d'audience/ }).click({ force: true });
  await banner.getByRole('button', { name: 'Enregistrer mes choix' }).click();
  await expect(banner).toBeHidden();

  await menu.getByRole('link', { name: 'Accueil' }).click();
  await openFromMenu(menu, 'Gestion sociale');
  await hidePage(page);
  await expect
    .poll(async () => (await collected(request)).counts)
    .toEqual([{ event: 'Feature Consulted', count: 1 }]);
  const [event] = (await collected(request)).latest;
  expect(event?.properties).toEqual({ feature: 'socialManagement' });
  // SPEC 5: a customer is a Client; her e-mail is set (it is not blank).
  expect(event?.userProperties).toEqual({ userType: 'Client', email: 'claire.solo@demo.test' });
  // The page was hidden: the batch left as a beacon (a string body is sent as text/plain).
  expect(toCollector).toEqual([{ method: 'POST', contentType: 'text/plain;charset=UTF-8' }]);
});
