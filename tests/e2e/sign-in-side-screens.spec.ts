// The screens around the client login (SPEC 2 login group, SPEC 5): password creation from an invitation
// with the five strength levels said as one types, the reset request that never tells whether an address
// has an account, the reset form's success and failures, and an expired link with a way to a new one.
// Each test invites its own person (Claire, through the gateway), so no seeded password ever changes.
import type { APIRequestContext, Page } from '@playwright/test';
import { GATEWAY_URL, describeViolations, expect, test } from './fixtures';
import { apiToken, submitCustomerLogin } from './sign-in';
import { addressOf, inboxLink, linkIn } from './inbox';
import { openAt } from './screens';

const NEW_PASSWORD = 'Un cheval bleu mange 2 pommes';

/** Claire invites a new person to Boulangerie Martin; the gateway mails them a createPassword link. */
async function invite(request: APIRequestContext, who: string): Promise<string> {
  const email = `${who}.${String(Date.now())}@demo.test`;
  const token = await apiToken(request, 'claire.solo@demo.test');
  const invited = await request.post(`${GATEWAY_URL}/account/api/accounts/1001/users`, {
    headers: { authorization: `Bearer ${token}` },
    data: { email, firstName: 'Test', lastName: who },
  });
  expect(invited.status()).toBe(201);
  return email;
}

const strength = (page: Page) => page.getByText(/^Force du mot de passe :/);

async function choosePassword(page: Page, password: string): Promise<void> {
  await page.getByLabel('Nouveau mot de passe').fill(password);
  await page.getByLabel('Confirmez le mot de passe').fill(password);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
}

async function requestReset(page: Page, email: string): Promise<string> {
  await page.goto('/resetPassword');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page).toHaveURL(/\/resetPasswordSuccess$/);
  // The address changes as the next page's code is asked for; its text is read once the page is drawn.
  await expect(page.getByRole('heading', { level: 1, name: 'E-mail envoyé' })).toBeVisible();
  return page.locator('main').innerText();
}

test('password creation says the strength as one types, through the five levels, and the new password signs in', async ({
  page,
  request,
  axe,
}) => {
  const email = await invite(request, 'creation');
  await page.goto(addressOf(await linkIn(request, email, '/createPassword')));
  await expect(page.getByRole('heading', { level: 1, name: 'Créez votre mot de passe' })).toBeVisible();
  // The token leaves the address bar at once.
  await expect(page).toHaveURL(/\/createPassword$/);
  await expect(strength(page)).toHaveText('Force du mot de passe : vide');
  expect(describeViolations(await axe())).toEqual([]);

  const field = page.getByLabel('Nouveau mot de passe');
  await field.pressSequentially('short');
  await expect(strength(page)).toHaveText('Force du mot de passe : faible');
  await field.fill('');
  await field.pressSequentially('ununununununz');
  await expect(strength(page)).toHaveText('Force du mot de passe : insuffisante');
  await field.fill('Un cheval bleu mange');
  await expect(strength(page)).toHaveText('Force du mot de passe : moyenne');
  await field.pressSequentially(' 2 pommes');
  await expect(strength(page)).toHaveText('Force du mot de passe : forte');
  await expect(page.getByRole('progressbar', { name: 'Force du mot de passe : forte' })).toBeVisible();

  await choosePassword(page, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/login\?passwordChanged=true$/);
  await expect(
    page.getByText('Votre mot de passe a été enregistré. Vous pouvez vous connecter.'),
  ).toBeVisible();
  await submitCustomerLogin(page, email, '/login?choice=client', NEW_PASSWORD);
  // A new person accepts the terms of use first.
  await expect(page).toHaveURL(/\/validation-cgu\/\d+/);
});

test('the reset request answers the same whether or not the address has an account', async ({
  page,
  request,
  axe,
}) => {
  await openAt(page, '/resetPassword', 'Mot de passe oublié');
  expect(describeViolations(await axe())).toEqual([]);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByText('Saisissez votre e-mail.')).toBeVisible();

  const unknown = `personne.${String(Date.now())}@demo.test`;
  const known = await invite(request, 'demande');
  const toUnknown = await requestReset(page, unknown);
  expect(describeViolations(await axe())).toEqual([]);
  const toKnown = await requestReset(page, known);
  expect(toKnown).toBe(toUnknown);
  expect(toKnown).toContain(
    "Si un compte existe pour cet e-mail, un lien de réinitialisation vient d'y être envoyé.",
  );
  // Only the person with an account gets a link.
  expect(await inboxLink(request, unknown, '/resetPasswordForm')).toBeNull();
  expect(await inboxLink(request, known, '/resetPasswordForm')).not.toBeNull();
});

test('the reset form keeps what was typed when the gateway fails, succeeds, and a used link offers a new one', async ({
  page,
  request,
  axe,
  expectConsoleErrors,
}) => {
  // Two sign-ins, a gateway fault and two password forms: longer than the default 30 s on a shared machine.
  test.setTimeout(60_000);
  expectConsoleErrors(/status of 500/, /status of 400/);
  const email = await invite(request, 'reinitialisation');
  await requestReset(page, email);
  const link = addressOf(await linkIn(request, email, '/resetPasswordForm'));
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choisissez un nouveau mot de passe' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/resetPasswordForm$/);
  expect(describeViolations(await axe())).toEqual([]);

  const fault = await request.post(`${GATEWAY_URL}/__admin/faults`, {
    data: { pathPattern: 'createNewPassword', status: 500, count: 1 },
  });
  expect(fault.ok()).toBe(true);
  await choosePassword(page, NEW_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Une erreur est survenue. Veuillez réessayer.');
  await expect(page.getByLabel('Nouveau mot de passe')).toHaveValue(NEW_PASSWORD);
  await expect(page.getByLabel('Confirmez le mot de passe')).toHaveValue(NEW_PASSWORD);

  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page).toHaveURL(/\/login\?passwordChanged=true$/);
  await submitCustomerLogin(page, email, '/login?choice=client', NEW_PASSWORD);
  await expect(page).toHaveURL(/\/validation-cgu\/\d+/);
  // The terms page loaded the terms with the new session before its storage is cleared below (cleared
  // while they load, they would fail with a 401 of the test's own making).
  await expect(page.getByRole('button', { name: "J'accepte les conditions" })).toBeEnabled();

  // The link is single use: a second time it fails, and the page leads to a new one.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(link);
  await choosePassword(page, 'Une autre phrase de passe 3');
  await expect(page).toHaveURL(/\/resetPasswordFailed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Réinitialisation impossible' })).toBeVisible();
  // Stuck, the person finds the firm's support contact of the manifest (branding.support) in the card.
  const support = page.getByRole('region', { name: 'Contacter le support' });
  await expect(support).toContainText('Sophie Laurent');
  await expect(support.getByRole('link', { name: '01 84 60 12 30' })).toHaveAttribute(
    'href',
    'tel:0184601230',
  );
  await expect(support).toContainText('Du lundi au vendredi, de 9 h à 18 h');
  expect(describeViolations(await axe())).toEqual([]);
  await page.getByRole('link', { name: 'Demander un nouveau lien' }).click();
  await expect(page).toHaveURL(/\/resetPassword$/);
});

test('after a reset request, "Renvoyer l’e-mail" asks the gateway again and says the e-mail is resent', async ({
  page,
  request,
  axe,
}) => {
  const email = await invite(request, 'renvoi');
  await requestReset(page, email);
  const asked = page.waitForRequest((sent) => sent.method() === 'POST' && /password/i.test(sent.url()));
  await page.getByRole('button', { name: "Renvoyer l'e-mail" }).click();
  // The address travelled in the history state, never in the URL: the resend carries it.
  expect((await asked).postData()).toContain(email);
  await expect(page).toHaveURL(/\/resendEmailSuccess$/);
  await expect(page.getByRole('heading', { level: 1, name: 'E-mail renvoyé' })).toBeVisible();
  await expect(
    page.getByText(
      'Un nouvel e-mail vient de vous être envoyé. Pensez à vérifier vos courriers indésirables.',
    ),
  ).toBeVisible();
  expect(describeViolations(await axe())).toEqual([]);
  // The link the person already holds still works.
  await page.goto(addressOf(await linkIn(request, email, '/resetPasswordForm')));
  await choosePassword(page, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/login\?passwordChanged=true$/);
});

test('an expired link says so and leads to a new one, which works', async ({
  page,
  request,
  axe,
  expectConsoleErrors,
}) => {
  expectConsoleErrors(/status of 400/);
  const email = await invite(request, 'expire');
  const invitation = addressOf(await linkIn(request, email, '/createPassword'));
  const expired = await request.post(`${GATEWAY_URL}/__admin/reset-links/expire`, { data: { email } });
  expect(expired.status()).toBe(204);

  await page.goto(invitation);
  await choosePassword(page, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/expireToken$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lien expiré' })).toBeVisible();
  await expect(
    page.getByText('Ce lien a expiré. Demandez-en un nouveau : il vous sera envoyé par e-mail.'),
  ).toBeVisible();
  expect(describeViolations(await axe())).toEqual([]);

  await page.getByRole('link', { name: 'Recevoir un nouveau lien' }).click();
  await expect(page).toHaveURL(/\/resetPassword$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page).toHaveURL(/\/resetPasswordSuccess$/);
  await page.goto(addressOf(await linkIn(request, email, '/resetPasswordForm')));
  await choosePassword(page, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/login\?passwordChanged=true$/);
});

test('leaving the login page, a bar says the next page is on its way while its code loads', async ({
  page,
  axe,
}) => {
  await page.goto('/login');
  // The sign-in app runs (the pre-rendered button waits for it).
  await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeEnabled();
  // The portal's code is held back, as on a slow line.
  let holding = true;
  const held: (() => Promise<void>)[] = [];
  await page.route('**/assets/*.js', (route) =>
    holding ? void held.push(() => route.continue()) : route.continue(),
  );

  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  const bar = page.getByRole('progressbar', { name: 'Chargement…' });
  await expect(bar).toBeVisible();
  // The page left stays until the next one can be drawn.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Connexion à votre espace client' }),
  ).toBeVisible();
  expect(describeViolations(await axe())).toEqual([]);

  holding = false;
  await Promise.all(held.map((release) => release()));
  await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeVisible();
  await expect(bar).toHaveCount(0);
});
