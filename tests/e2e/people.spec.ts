// People and rights (issue 12): an invitation from the entity users page to the invited person's first
// sign-in; controls hidden without their code while the gateway refuses the direct call; two tabs saving
// the same rights (the second gets 409 and reloads); axe on every screen of the people plugin.
import type { Page } from '@playwright/test';
import { GATEWAY_URL, describeViolations, expect, test } from './fixtures';
import { acceptTermsTo, signInCollaborator, signInCustomer, signInAt, CLAIRE, PAUL } from './sign-in';
import { addressOf, linkIn } from './inbox';
import { openAt, walletTabs } from './screens';
import { fillInvitation } from './invitations';

/** The session token of the tab, to call the gateway directly as that person. */
async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  if (token === null) throw new Error('no session token');
  return token;
}

test('Claire invites a user; the inbox link creates a password and the new user signs in by the landing rules', async ({
  page,
  request,
  axe,
}) => {
  await signInAt(page, CLAIRE, '/dossier/1001/gestion-utilisateurs', 'Gestion des utilisateurs');
  const table = page.getByRole('table', { name: "Utilisateurs de l'entité" });
  await expect(table.getByRole('row', { name: /Sophie Martin/ })).toBeVisible();
  expect(describeViolations(await axe())).toEqual([]);

  const dialog = await fillInvitation(page, {
    email: 'iris.nouvelle@demo.test',
    firstName: 'Iris',
    lastName: 'Nouvelle',
    right: 'Documents comptables',
  });
  expect(describeViolations(await axe())).toEqual([]);
  await dialog.getByRole('button', { name: "Envoyer l'invitation" }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Iris Nouvelle est invité' })).toBeVisible();
  await expect(table.getByRole('row', { name: /Iris Nouvelle/ })).toContainText('Invité');

  // The invitation among the person's e-mails (a notification of the rights granted may follow it).
  const link = await linkIn(request, 'iris.nouvelle@demo.test', '/createPassword');
  expect(link.pathname).toBe('/createPassword');
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(addressOf(link));
  await expect(page.getByRole('heading', { level: 1, name: 'Créez votre mot de passe' })).toBeVisible();
  const fields = page.locator('input[autocomplete="new-password"]');
  await fields.nth(0).fill('un cheval bleu mange des pommes');
  await fields.nth(1).fill('un cheval bleu mange des pommes');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page).toHaveURL(/passwordChanged=true/);
  await signInCustomer(page, 'iris.nouvelle@demo.test', { password: 'un cheval bleu mange des pommes' });
  // A new user accepts the terms of use first, then the landing rules open their one entity's home.
  await expect(page).toHaveURL(/\/validation-cgu\/\d+/);
  await acceptTermsTo(page, /\/dossier\/1001\/accueil$/);
});

test('Marc views the users of 1002 without any control; the gateway refuses his direct calls', async ({
  page,
  request,
  axe,
}) => {
  await signInCustomer(page, 'marc.multi@demo.test');
  await page.goto('/dossier/1002/gestion-utilisateurs');
  const table = page.getByRole('table', { name: "Utilisateurs de l'entité" });
  await expect(table.getByRole('row', { name: /Hugo Roux/ })).toContainText('Invité');
  await expect(table.getByRole('row', { name: /Julie Bernard/ })).toContainText('Actif');
  // CLUSER001 only: no add (CLUSER002), rights (CLUSER004) or remove (CLUSER003).
  await expect(page.getByRole('button', { name: 'Ajouter un utilisateur' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Gérer les droits/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Retirer/ })).toHaveCount(0);
  expect(describeViolations(await axe())).toEqual([]);
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const users = `${GATEWAY_URL}/account/api/accounts/1002/users`;
  expect(
    (
      await request.post(users, {
        headers,
        data: { email: 'x.y@demo.test', firstName: 'X', lastName: 'Y' },
      })
    ).status(),
  ).toBe(403);
  expect((await request.delete(`${users}/1`, { headers })).status()).toBe(403);
  expect(
    (
      await request.put(`${users}/1/rights`, {
        headers,
        data: { permissions: [], isSignatory: false, version: 1 },
      })
    ).status(),
  ).toBe(403);
  expect(
    (await request.get(`${GATEWAY_URL}/account/api/accounts/1002/delegations`, { headers })).status(),
  ).toBe(403);
  // The collaborators tab is every customer's: names and roles, contacts for who sees users.
  await page.goto('/dossier/1002/collaborateurs');
  const staff = page.getByRole('table', { name: "Collaborateurs du cabinet affectés à l'entité" });
  await expect(staff.getByRole('row', { name: /Paul Collab/ })).toContainText('Associé');
  expect(describeViolations(await axe())).toEqual([]);
});

test('two tabs save the same rights: the second gets 409, says so, reloads, and saves on the fresh version', async ({
  page,
  browser,
  axe,
  expectConsoleErrors,
}) => {
  // Two sign-ins and two tabs on a busy machine.
  test.slow();
  expectConsoleErrors(/status of 409/);
  await signInCustomer(page, 'claire.solo@demo.test');
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInCustomer(other, 'claire.solo@demo.test');
  const open = async (tab: Page) => {
    await tab.goto('/dossier/1001/gestion-utilisateurs');
    await tab.getByRole('button', { name: 'Gérer les droits de Sophie Martin' }).click();
    return tab.getByRole('dialog', { name: 'Droits de Sophie Martin' });
  };
  const first = await open(page);
  expect(describeViolations(await axe())).toEqual([]);
  const second = await open(other);
  await first.getByRole('switch', { name: 'Documents comptables' }).check();
  await first.getByRole('button', { name: 'Enregistrer les droits' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Les droits de Sophie Martin sont enregistrés.' }),
  ).toBeVisible();

  await second.getByRole('switch', { name: 'Indicateurs' }).uncheck();
  await second.getByRole('button', { name: 'Enregistrer les droits' }).click();
  await expect(
    second.getByRole('alert').filter({ hasText: "Quelqu'un d'autre a modifié ces droits" }),
  ).toBeVisible();
  // Reloaded: the first tab's change is there, nothing of it lost.
  await expect(second.getByRole('switch', { name: 'Documents comptables' })).toBeChecked();
  await expect(second.getByRole('switch', { name: 'Indicateurs' })).toBeChecked();
  await second.getByRole('switch', { name: 'Indicateurs' }).uncheck();
  await second.getByRole('button', { name: 'Enregistrer les droits' }).click();
  await expect(
    other.getByRole('status').filter({ hasText: 'Les droits de Sophie Martin sont enregistrés.' }),
  ).toBeVisible();
  await otherContext.close();
});

test('Paul: delegation history with its filters, wallet users and collaborators, administration and the entity wizard', async ({
  page,
  request,
  axe,
}) => {
  test.slow();
  await signInAt(page, PAUL, '/dossier/1002/historique-delegations', 'Historique des délégations');
  const log = page.getByRole('table', { name: /Délégations et changements de droits/ });
  await expect(log.getByRole('row', { name: /Hugo Roux/ })).toContainText('Invitation');
  expect(describeViolations(await axe())).toEqual([]);
  await page.getByRole('combobox', { name: 'Personne' }).selectOption({ label: 'Julie Bernard' });
  await expect(page).toHaveURL(/person=\d+/);
  await expect(log.getByRole('row', { name: /Hugo Roux/ })).toHaveCount(0);
  await expect(log.getByRole('row', { name: /Julie Bernard/ })).not.toHaveCount(0);
  await page.getByRole('textbox', { name: 'Au', exact: true }).fill('2001-01-31');
  await expect(page.getByText('Aucune délégation sur cette période.')).toBeVisible();

  await openAt(page, '/portefeuille/gestion-utilisateurs', 'Tous les utilisateurs');
  await expect(
    page
      .getByRole('table', { name: 'Utilisateurs de vos dossiers' })
      .getByRole('row', { name: /Julie Bernard/ }),
  ).not.toHaveCount(0);
  expect(describeViolations(await axe())).toEqual([]);

  await openAt(page, '/portefeuille/collaborateurs', 'Collaborateurs du cabinet');
  expect(describeViolations(await axe())).toEqual([]);
  // Controlled by the gateway's answer: it turns on once the grant is stored.
  await page.getByRole('switch', { name: "Droits d'administration de Lea Collab" }).click();
  await expect(
    page.getByRole('status').filter({ hasText: "Lea Collab a désormais les droits d'administration." }),
  ).toBeVisible();
  await expect(page.getByRole('switch', { name: "Droits d'administration de Lea Collab" })).toBeChecked();

  await openAt(page, '/portefeuille/administration-dossiers', 'Administration des dossiers');
  await expect(
    page
      .getByRole('table', { name: /Collaborateurs qui administrent/ })
      .getByRole('row', { name: /Lea Collab/ }),
  ).toBeVisible();
  expect(describeViolations(await axe())).toEqual([]);
  await page.getByRole('button', { name: 'Créer une entité' }).click();
  const wizard = page.getByRole('dialog', { name: 'Créer une entité' });
  await wizard.getByRole('textbox', { name: 'Numéro de société' }).fill('C-2001');
  await wizard.getByRole('textbox', { name: 'Raison sociale' }).fill('Fromagerie Nouvelle');
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await wizard.getByRole('textbox', { name: /Fin de l'exercice/ }).fill('30/06');
  expect(describeViolations(await axe())).toEqual([]);
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await wizard.getByRole('button', { name: "Créer l'entité" }).click();
  await expect(
    page.getByRole('status').filter({ hasText: "L'entité Fromagerie Nouvelle est créée" }),
  ).toBeVisible();
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const folders = (await (
    await request.get(`${GATEWAY_URL}/account/api/accounts/currentuser?pageSize=100&search=C-2001`, {
      headers,
    })
  ).json()) as { items: { name: string }[] };
  expect(folders.items.map((item) => item.name)).toEqual(['Fromagerie Nouvelle']);
});

test('Lea (no code) sees none of the administration and the gateway refuses her direct calls', async ({
  page,
  request,
}) => {
  await signInCollaborator(page, 'lea.collab@demo.test');
  const tabs = walletTabs(page);
  await expect(tabs.getByRole('link', { name: 'Administration des dossiers' })).toHaveCount(0);
  await expect(tabs.getByRole('link', { name: 'Collaborateurs' })).toHaveCount(0);
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  for (const [method, path, data] of [
    ['GET', '/wallet/api/admin-collaborators', undefined],
    ['PUT', '/wallet/api/collaborators/6/admin', { isAdmin: true }],
    ['DELETE', '/wallet/api/admin-collaborators/5', undefined],
    [
      'POST',
      '/entitycreator/api/entities',
      { accountNumber: 'L-1', name: 'L', legalForm: 'SAS', fiscalYearEnd: '12-31' },
    ],
    ['PUT', '/wallet/api/accounts/1001/collaborators/5', { role: 'partner' }],
    ['GET', '/account/api/accounts/1001/delegations', undefined],
    ['GET', '/account/api/accounts/1001/users', undefined],
    ['GET', '/wallet/api/accounts/1001/collaborators', undefined],
    ['GET', '/wallet/api/collaborators', undefined],
  ] as const) {
    const answer = await request.fetch(`${GATEWAY_URL}${path}`, {
      method,
      headers,
      ...(data === undefined ? {} : { data }),
    });
    expect(answer.status(), `${method} ${path}`).toBe(403);
  }
});
