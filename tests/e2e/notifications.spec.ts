// The notification centre and its settings as Claire meets them: an event on her entity reaches her bell
// without a reload, its link opens the right screen, turning a type's in-app channel off keeps it out,
// and a failed save keeps her switches with SPEC's French message.
import type { APIRequestContext, Page } from '@playwright/test';
import { describeViolations, expect, GATEWAY_URL, test } from './fixtures';
import { signInCustomer, submitCredentials } from './sign-in';
import { fillInvitation } from './invitations';

async function signInClaire(page: Page) {
  await page.goto('/login?choice=client');
  await submitCredentials(page, 'claire.solo@demo.test');
  await expect(page).toHaveURL(/\/dossier\/1001\/accueil$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

async function publish(request: APIRequestContext, type: string, data: Record<string, string>) {
  const answer = await request.post(`${GATEWAY_URL}/__admin/events`, {
    data: { type, accountId: 1001, subjectId: 1, data },
  });
  expect(answer.status()).toBe(204);
}

const bell = (page: Page, unread: number) =>
  page.getByRole('button', {
    name: `Notifications, ${String(unread)} ${unread > 1 ? 'non lues' : 'non lue'}`,
  });

async function openSettings(page: Page) {
  await page.getByRole('button', { name: /^Menu de/ }).click();
  await page.getByRole('menuitem', { name: 'Paramètres de notifications' }).click();
  return page.getByRole('dialog', { name: 'Paramètres de notifications' });
}

test('an event on her entity reaches Claire’s bell without a reload, and its link opens the screen', async ({
  page,
  request,
  axe,
}) => {
  await signInClaire(page);
  await expect(bell(page, 0)).toBeVisible();
  // The stream opens a few seconds after the bell: wait for it, so what follows measures the push.
  await page.waitForResponse((response) => response.url().includes('/notifications/stream'));
  const sent = Date.now();
  await publish(request, 'Ged-GSDocumentUploaded', { name: 'Bulletin de paie septembre.pdf' });
  await expect(bell(page, 1)).toBeVisible({ timeout: 5_000 });
  expect(Date.now() - sent).toBeLessThan(5_000);

  await bell(page, 1).click();
  const centre = page.getByRole('dialog', { name: 'Notifications' });
  await expect(centre).toContainText('Un nouveau document de gestion sociale est disponible');
  await expect(centre).toContainText('Bulletin de paie septembre.pdf');
  await expect(centre).toContainText('Boulangerie Martin SARL');
  expect(describeViolations(await axe({ include: '[role="dialog"]' }))).toEqual([]);

  // The manifest links a social document to the legacy documents route, which sends it to social management.
  await centre.getByRole('button', { name: /Un nouveau document de gestion sociale/ }).click();
  await expect(page).toHaveURL(/\/dossier\/1001\/gestion-sociale\?notificationType=Ged-GSDocumentUploaded/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gestion sociale' })).toBeVisible();
  await expect(bell(page, 0)).toBeVisible();
});

test('with the keyboard alone, the bell opens the centre and Escape gives the focus back to the bell', async ({
  page,
}) => {
  await signInClaire(page);
  // The bell's button is on the page at once; the centre's code comes when the person reaches for it.
  await bell(page, 0).focus();
  await page.keyboard.press('Enter');
  const centre = page.getByRole('dialog', { name: 'Notifications' });
  await expect(centre).toBeVisible();
  await expect(centre).toContainText('Aucune notification pour le moment.');
  // The focus is held in the centre, then handed back where the person was.
  await expect
    .poll(() =>
      page.evaluate(() => document.activeElement?.closest('[role="dialog"]')?.getAttribute('aria-label')),
    )
    .toBe('Notifications');
  await page.keyboard.press('Escape');
  await expect(centre).toBeHidden();
  await expect(bell(page, 0)).toBeFocused();
});

test('with the keyboard alone, the user menu opens on Enter and Escape gives the focus back to its button', async ({
  page,
}) => {
  await signInClaire(page);
  const button = page.getByRole('button', { name: 'Menu de Claire Solo' });
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
});

test('with the in-app channel of a type off, its events do not show; others still do', async ({
  page,
  request,
  axe,
}) => {
  const streamOpen = page.waitForResponse((response) => response.url().includes('/notifications/stream'));
  await signInClaire(page);
  const drawer = await openSettings(page);
  const gsInApp = drawer.getByRole('switch', {
    name: 'Dans le portail : Nouveau document de gestion sociale',
  });
  await expect(gsInApp).toBeChecked();
  expect(describeViolations(await axe({ include: '[role="dialog"]' }))).toEqual([]);
  await gsInApp.click({ force: true });
  await drawer.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(drawer.getByRole('status')).toHaveText('Vos paramètres de notifications ont été sauvegardés.');
  await page.keyboard.press('Escape');

  await streamOpen;
  await publish(request, 'Ged-GSDocumentUploaded', { name: 'Ignoré.pdf' });
  await publish(request, 'Ged-AccountingDocumentUploaded', { name: 'Grand livre.pdf' });
  // The second event arrives: the first, sent before it, would have too.
  await expect(bell(page, 1)).toBeVisible({ timeout: 5_000 });
  await bell(page, 1).click();
  const centre = page.getByRole('dialog', { name: 'Notifications' });
  await expect(centre).toContainText('Grand livre.pdf');
  await expect(centre).not.toContainText('Ignoré.pdf');
});

test('a failed save keeps the switches as set and says so in French', async ({
  page,
  request,
  expectConsoleErrors,
}) => {
  expectConsoleErrors(/status of 500/);
  await signInClaire(page);
  const fault = await request.post(`${GATEWAY_URL}/__admin/faults`, {
    data: { pathPattern: 'notification-settings', method: 'PUT', status: 500, count: 1 },
  });
  expect(fault.ok()).toBe(true);
  const drawer = await openSettings(page);
  const mandateMail = drawer.getByRole('switch', { name: "E-mail : Changement de statut d'un mandat" });
  const favourites = drawer.getByRole('switch', { name: /Uniquement pour mes entités favorites/ });
  await mandateMail.click({ force: true });
  await favourites.click({ force: true });
  await drawer.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(drawer.getByRole('alert')).toHaveText(
    'Une erreur est survenue lors de la sauvegarde de vos paramètres. Veuillez réessayer.',
  );
  await expect(mandateMail).not.toBeChecked();
  await expect(favourites).toBeChecked();
  // Saved on the second try, as shown.
  await drawer.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(drawer.getByRole('status')).toHaveText('Vos paramètres de notifications ont été sauvegardés.');
  await expect(mandateMail).not.toBeChecked();
});

test('the bell’s first opening: its badge keeps its count, and the time it takes is printed', async ({
  page,
  request,
}) => {
  await signInClaire(page);
  await page.waitForResponse((response) => response.url().includes('/notifications/stream'));
  for (const name of ['Relevé octobre.pdf', 'Relevé novembre.pdf'])
    await publish(request, 'Ged-AccountingDocumentUploaded', { name });
  await expect(bell(page, 2)).toBeVisible({ timeout: 5_000 });
  // What the header shows from the press until the list is there: every label and count the badge takes.
  await page.evaluate(() => {
    const seen: string[] = [];
    const marks: Record<string, number> = {};
    const record = () => {
      const button = document.querySelector<HTMLElement>('header button[aria-label^="Notifications"]');
      const shown = `${button?.getAttribute('aria-label') ?? 'no bell'} | ${button?.textContent ?? ''}`;
      if (seen.at(-1) !== shown) seen.push(shown);
      if (marks['listed'] === undefined && document.querySelectorAll('[role="dialog"] li').length > 0)
        marks['listed'] = performance.now();
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    document.addEventListener('pointerdown', () => (marks['pressed'] ??= performance.now()), true);
    Object.assign(window, { bellTiming: { seen, marks } });
  });
  const requests: string[] = [];
  const started = Date.now();
  page.on('requestfinished', (finished) => {
    const path = new URL(finished.url()).pathname.split('/').slice(-2).join('/');
    const { responseEnd } = finished.timing();
    requests.push(`${path} (${String(Date.now() - started)} ms, took ${responseEnd.toFixed(0)} ms)`);
  });
  await bell(page, 2).click();
  const centre = page.getByRole('dialog', { name: 'Notifications' });
  await expect(centre.getByRole('listitem')).toHaveCount(2);
  page.removeAllListeners('requestfinished');
  const { seen, marks } = await page.evaluate(
    () => (window as unknown as { bellTiming: { seen: string[]; marks: Record<string, number> } }).bellTiming,
  );
  const took = (marks['listed'] ?? Number.NaN) - (marks['pressed'] ?? Number.NaN);
  console.log(
    `bell first opening: ${took.toFixed(0)} ms from the press to the list; badge: ${seen.join(' → ')}; requests: ${requests.join(', ')}`,
  );
  // The badge keeps its count the whole time (the list's own count is the same).
  expect(seen.every((shown) => shown.startsWith('Notifications, 2 non lues | 2'))).toBe(true);
});

test('Claire invites a person; their notification says who invited them and opens the users list on their row', async ({
  page,
  browser,
  axe,
}) => {
  test.slow();
  const claireContext = await browser.newContext();
  const claire = await claireContext.newPage();
  await signInClaire(claire);
  await claire.goto('/dossier/1001/gestion-utilisateurs');
  const dialog = await fillInvitation(claire, {
    email: 'sam.nousers@demo.test',
    firstName: 'Sam',
    lastName: 'Nousers',
    right: 'Voir les utilisateurs',
  });
  await dialog.getByRole('button', { name: "Envoyer l'invitation" }).click();
  await expect(claire.getByRole('status').filter({ hasText: 'Sam Nousers est invité' })).toBeVisible();
  await claireContext.close();

  // Sam accepts, then opens the entity he joined.
  const sam = page;
  await signInCustomer(sam, 'sam.nousers@demo.test');
  const token = await sam.evaluate(() => sessionStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token ?? ''}` };
  const invitations = (await (
    await sam.request.get(`${GATEWAY_URL}/account/api/invitations`, { headers })
  ).json()) as { items: { invitationId: number; accountId: number }[] };
  const invitation = invitations.items.find((item) => item.accountId === 1001);
  expect(invitation).toBeDefined();
  const accepted = await sam.request.post(
    `${GATEWAY_URL}/account/api/invitations/${String(invitation?.invitationId)}/accept`,
    { headers },
  );
  expect(accepted.status()).toBe(204);
  await sam.goto('/dossier/1001/accueil');
  await bell(sam, 1).click();
  const centre = sam.getByRole('dialog', { name: 'Notifications' });
  await expect(centre).toContainText('Claire Solo vous a invité sur Boulangerie Martin SARL');
  await expect(centre).toContainText('Voir les utilisateurs');
  expect(describeViolations(await axe({ include: '[role="dialog"]' }))).toEqual([]);
  await centre.getByRole('button', { name: /Claire Solo vous a invité/ }).click();
  await expect(sam).toHaveURL(/\/dossier\/1001\/gestion-utilisateurs\?person=\d+/);
  const row = sam
    .getByRole('table', { name: "Utilisateurs de l'entité" })
    .getByRole('row', { name: /Sam Nousers/ });
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row).toContainText('Concerné par la notification');
  await expect(row).toBeInViewport();
  expect(describeViolations(await axe())).toEqual([]);
});
