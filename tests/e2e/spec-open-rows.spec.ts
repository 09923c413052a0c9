// Rows of the spec that had no test (issue 31): the customer variants of the wallet's collaborators,
// account administration and all-users tabs, and the collaborator's identity cache kept in the tab's
// session storage with no cookie set.
import { describeViolations, expect, test } from './fixtures';
import { signInCollaborator, signInCustomer } from './sign-in';
import { walletTabs } from './screens';

test('Claire (customer, CLUSER001) opens the collaborators and all-users tabs of her wallet, each with its customer content', async ({
  page,
  axe,
}) => {
  test.setTimeout(60_000);
  await signInCustomer(page, 'claire.solo@demo.test');
  await page.goto('/portefeuille/mes-entites');
  // Her CLADMI001 is an entity code: on the wallet, with no entity open, the administration tab is not hers.
  await expect(walletTabs(page).getByRole('link')).toHaveText([
    'Collaborateurs',
    'Mes entités',
    'Utilisateurs',
  ]);

  const tabs: [tab: string, title: string, shows: string][] = [
    // The firm's collaborators on her folder, as a customer sees them.
    ['Collaborateurs', 'Collaborateurs', 'Paul Collab'],
    // Every user of her folders, herself among them.
    ['Utilisateurs', 'Tous les utilisateurs', 'Claire Solo'],
  ];
  for (const [tab, title, shows] of tabs) {
    await walletTabs(page).getByRole('link', { name: tab }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(walletTabs(page).getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('main').getByText(shows).first()).toBeVisible();
    expect(describeViolations(await axe())).toEqual([]);
  }
});

test('a collaborator’s identity cache lives in the tab’s session storage, and no cookie is set (SPEC 9)', async ({
  page,
}) => {
  await signInCollaborator(page, 'paul.collab@demo.test');
  const storage = await page.evaluate(() => ({
    session: Object.keys(window.sessionStorage),
    local: Object.keys(window.localStorage),
    cookie: document.cookie,
  }));
  // oidc-client-ts keeps the signed-in user under `oidc.user:<authority>:<client>`.
  expect(storage.session.some((key) => key.startsWith('oidc.user:'))).toBe(true);
  expect(storage.local.filter((key) => key.startsWith('oidc.'))).toEqual([]);
  // Nothing the portal's script sets or reads (the identity provider's own session cookies are HttpOnly,
  // of the provider, and shared by host only because the demo runs both on 127.0.0.1).
  expect(storage.cookie).toBe('');
});
