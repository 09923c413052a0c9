// The studio end to end: Olivia (product owner) moves 'Banque' above 'Rapports BI' with the keyboard
// alone, previews the draft as Marc, publishes; Claire's next page load shows the new order with no
// rebuild and no restart; a rollback gives the previous order back at the next load. axe on the studio.
import type { Browser, Page } from '@playwright/test';
import manifest from '../../portal.config.json' with { type: 'json' };
import { describeViolations, expect, GATEWAY_URL, PORTAL_URL, test } from './fixtures';
import { signInCustomer, signInCustomerTo, submitCollaboratorLogin } from './sign-in';
import { sidebar, walletTabs } from './screens';

async function signInOlivia(page: Page) {
  await submitCollaboratorLogin(page, 'olivia.owner@demo.test');
  // A product owner is a collaborator: they land on the wallet (SPEC 2) and open the studio from its tab.
  await expect(page).toHaveURL(/\/portefeuille\/dossiers$/);
  await walletTabs(page).getByRole('link', { name: 'Studio du portail' }).click();
  await expect(page).toHaveURL(/\/atelier$/);
}

async function claireSignedIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: PORTAL_URL });
  const page = await context.newPage();
  await signInCustomerTo(page, 'claire.solo@demo.test', /\/dossier\/1001\/accueil$/);
  return page;
}

/** The draft's preview, as the person of `option` in the preview's list sees the portal. */
async function previewAs(page: Page, option: string): Promise<void> {
  await page.getByRole('tab', { name: 'Aperçu' }).click();
  await page.getByRole('textbox', { name: 'Aperçu en tant que' }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Publishes the draft from its tab, once the tab lists `change` among the changes, with `comment`. */
async function publishDraft(page: Page, change: string, comment: string): Promise<void> {
  await page.getByRole('tab', { name: /Publier/ }).click();
  await expect(
    page.getByRole('list', { name: 'Changements par rapport à la version publiée' }),
  ).toContainText(change);
  await page.getByRole('textbox', { name: 'Commentaire de la version' }).fill(comment);
  await page.getByRole('button', { name: 'Publier', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Version \d+ publiée/ })).toBeVisible();
}

const sidebarNames = async (page: Page) =>
  (await sidebar(page).getByRole('link').allTextContents()).map((text) => text.trim());

const bankBeforeReports = (names: readonly string[]) =>
  names.indexOf('Banque') < names.indexOf('Rapports BI');

/**
 * Claire loads her page again and reads her sidebar once it shows. Polled: on a busy machine the
 * published manifest may miss its 2 s at start, and that one load keeps the manifest it had.
 */
async function bankFirstOnNextLoad(claire: Page): Promise<boolean> {
  await claire.reload();
  const menu = sidebar(claire);
  await expect(menu.getByRole('link', { name: 'Banque' })).toBeVisible();
  return bankBeforeReports(await sidebarNames(claire));
}

test('Olivia reorders the sidebar with the keyboard, previews as Marc, publishes, and rolls back', async ({
  page,
  browser,
  axe,
}) => {
  // Two people, two sign-ins (one through the identity provider) and three page loads.
  test.setTimeout(90_000);
  const claire = await claireSignedIn(browser);
  await expect.poll(() => sidebarNames(claire)).toContain('Banque');
  expect(bankBeforeReports(await sidebarNames(claire))).toBe(false);

  await signInOlivia(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Studio du portail' })).toBeVisible();
  const list = page.getByRole('list', { name: "Menu latéral de l'entité" });
  const rows = list.getByRole('listitem');
  const names = async () => rows.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
  // The lists show once the studio has the published version from the gateway (what changes start from).
  await expect(rows.first()).toBeVisible();
  const before = await names();
  const steps = before.indexOf('Banque') - before.indexOf('Rapports BI');
  expect(steps).toBeGreaterThan(0);
  expect(describeViolations(await axe())).toEqual([]);

  // Keyboard only, with the move buttons: focus 'Monter Banque' and press Enter, one place at a time.
  // (The drag handle also moves with Space and the arrows, but dnd-kit's keyboard sensor measures the
  // list as it scrolls and, on a busy machine, once missed a step: the buttons are the dependable way.)
  const start = before.indexOf('Banque');
  for (let step = 1; step <= steps; step += 1) {
    await page.getByRole('button', { name: 'Monter Banque' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await names()).indexOf('Banque')).toBe(start - step);
  }
  await expect
    .poll(names)
    .toEqual([
      ...before.slice(0, before.indexOf('Rapports BI')),
      'Banque',
      ...before.slice(before.indexOf('Rapports BI')).filter((name) => name !== 'Banque'),
    ]);
  await expect(page.getByRole('status').filter({ hasText: 'Le brouillon est valide.' })).toBeVisible();

  // The preview as Marc (entity 1002): the draft's sidebar has Bank first, the published one does not.
  await previewAs(page, 'Marc Multi (client, entité 1002 Cabinet Durand)');
  const draftSidebar = page.getByRole('list', { name: 'Menu latéral : Brouillon' });
  const publishedSidebar = page.getByRole('list', { name: 'Menu latéral : Version publiée' });
  expect(bankBeforeReports(await draftSidebar.getByRole('listitem').allTextContents())).toBe(true);
  expect(bankBeforeReports(await publishedSidebar.getByRole('listitem').allTextContents())).toBe(false);
  expect(describeViolations(await axe())).toEqual([]);

  // The diff in words, then publish.
  await publishDraft(page, "Menu latéral de l'entité : « Banque » déplacé", 'Banque avant les rapports BI');
  const publishedAt = Date.now();

  // Claire's next page load: the new order, no rebuild, no restart.
  await expect.poll(() => bankFirstOnNextLoad(claire), { timeout: 20_000 }).toBe(true);
  console.log(`publish → visible on Claire's next load: ${String(Date.now() - publishedAt)} ms`);

  // Rollback from the version list: the previous order at the next load.
  const versions = page.getByRole('table', { name: 'Versions' });
  await expect(versions.getByRole('row').nth(1)).toContainText('olivia.owner@demo.test');
  await versions
    .getByRole('row')
    .filter({ hasText: 'build' })
    .getByRole('button', { name: /Republier/ })
    .click();
  await expect(page.getByRole('status').filter({ hasText: /Version \d+ republiée\./ })).toBeVisible();
  await expect.poll(() => bankFirstOnNextLoad(claire), { timeout: 20_000 }).toBe(false);
  await claire.context().close();
});

/** The overview tabs a customer gets on an entity's collaborators page, read on a fresh load. */
async function overviewTabsOf(browser: Browser, email: string, entityId: number): Promise<string[]> {
  const context = await browser.newContext({ baseURL: PORTAL_URL });
  const page = await context.newPage();
  await signInCustomer(page, email);
  await page.goto(`/dossier/${String(entityId)}/collaborateurs`);
  const tabs = page.getByRole('navigation', { name: "Onglets de l'entreprise" });
  await expect(tabs.getByRole('link', { name: 'Collaborateurs' })).toBeVisible();
  const names = (await tabs.getByRole('link').allTextContents()).map((text) => text.trim());
  await context.close();
  return names;
}

test('Olivia hides the users tab from customers without CLADMI001 with the rule editor, previews as Marc, publishes', async ({
  page,
  browser,
  axe,
}) => {
  // Three people, three sign-ins, a publication and a rollback.
  test.setTimeout(120_000);
  expect(await overviewTabsOf(browser, 'marc.multi@demo.test', 1002)).toContain('Utilisateurs');

  await signInOlivia(page);
  await page.getByRole('textbox', { name: 'Liste à modifier' }).click();
  await page.getByRole('option', { name: 'Onglets de « Mon entreprise »' }).click();
  await page.getByRole('button', { name: 'Modifier la règle de Utilisateurs' }).click();
  // The structured editor: any of (the person is a collaborator, the permission CLADMI001).
  await page.getByRole('textbox', { name: 'Type de condition (Règle)' }).click();
  await page.getByRole('option', { name: 'Au moins une de ces conditions' }).click();
  await page.getByRole('textbox', { name: 'Type de condition (Règle › 1)' }).click();
  await page.getByRole('option', { name: 'Fait sur la session' }).click();
  await page.getByRole('textbox', { name: 'Fait (Règle › 1)' }).click();
  await page.getByRole('option', { name: 'user.isCollab', exact: true }).click();
  await page.getByRole('button', { name: 'Ajouter une condition (Règle)' }).click();
  await page.getByRole('textbox', { name: 'Type de condition (Règle › 2)' }).click();
  await page.getByRole('option', { name: 'Permission', exact: true }).click();
  const codes = page.getByRole('textbox', { name: 'Codes de permission (Règle › 2)' });
  await codes.click();
  // The new leaf starts with the first code of the catalogue: taken off, then CLADMI001 picked.
  await codes.press('Backspace');
  await codes.fill('CLADMI001');
  await page.getByRole('option', { name: /^CLADMI001 · / }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('status').filter({ hasText: 'Le brouillon est valide.' })).toBeVisible();
  expect(describeViolations(await axe())).toEqual([]);

  // As Marc on 1002 (CLUSER001 but no CLADMI001): the draft hides the tab, and says why.
  await previewAs(page, 'Marc Multi (client, entité 1002 Cabinet Durand)');
  await page.getByRole('button', { name: 'Pourquoi « Utilisateurs » est-il masqué ?' }).click();
  const why = page.getByRole('status', { name: 'Pourquoi « Utilisateurs » est masqué' });
  await expect(why).toContainText('✗ permission CLADMI001');
  await expect(why).toContainText('✗ fact user.isCollab');

  await publishDraft(
    page,
    'Onglets de « Mon entreprise » : règle de « Utilisateurs » modifiée',
    'Utilisateurs : CLADMI001',
  );

  // Fresh loads: Marc (no CLADMI001 on 1002) no longer has the tab, Claire (CLADMI001 on 1001) has it.
  await expect
    .poll(() => overviewTabsOf(browser, 'marc.multi@demo.test', 1002), { timeout: 30_000 })
    .not.toContain('Utilisateurs');
  expect(await overviewTabsOf(browser, 'claire.solo@demo.test', 1001)).toContain('Utilisateurs');

  // Back to the build's version for the tests after this one.
  await page
    .getByRole('table', { name: 'Versions' })
    .getByRole('row')
    .filter({ hasText: 'build' })
    .getByRole('button', { name: /Republier/ })
    .click();
  await expect(page.getByRole('status').filter({ hasText: /Version \d+ republiée\./ })).toBeVisible();
});

test('the studio is not offered to Claire, and its address sends her to her landing page', async ({
  page,
}) => {
  await signInCustomerTo(page, 'claire.solo@demo.test', /\/dossier\/1001\/accueil$/);
  await page.goto('/atelier');
  await expect(page).toHaveURL(/\/dossier\/1001\/accueil$/);
});

test('a broken manifest placed in the store is refused by the browser, which keeps the last good one', async ({
  page,
  request,
}) => {
  const place = async (placed: unknown) => {
    const answer = await request.put(`${GATEWAY_URL}/__admin/studio/published`, {
      data: { manifest: placed },
    });
    expect(answer.status()).toBe(201);
  };
  const bankFirst = {
    ...manifest,
    sidebar: manifest.sidebar.map((item) =>
      item.id === 'bank' ? { ...item, order: 1 } : item.id === 'bi-reports' ? { ...item, order: 6 } : item,
    ),
  };
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  // A good publication first: this browser validates it and keeps it as the last good one.
  await place(bankFirst);
  await signInCustomerTo(page, 'claire.solo@demo.test', /\/dossier\/1001\/accueil$/);
  await expect.poll(async () => bankBeforeReports(await sidebarNames(page))).toBe(true);

  // Then one the lint refuses (a sidebar entry pointing at no route), put there behind the gateway's back.
  await place({ ...bankFirst, sidebar: [{ ...bankFirst.sidebar[0], route: 'no.such.route' }] });
  await page.reload();
  await expect.poll(async () => bankBeforeReports(await sidebarNames(page))).toBe(true);
  expect(warnings.join('\n')).toMatch(/Published manifest not used \(invalid[\s\S]*\/sidebar\/0\/route/);
  expect(warnings.join('\n')).toContain('last good version');
});

// Issue 30 item 6: the studio edits the firm's branding with the rest; a publication changes the login.
test("Olivia changes the firm's name and colour in the studio's form, publishes, and the login page shows them", async ({
  page,
  browser,
  axe,
}) => {
  test.setTimeout(90_000);
  await signInOlivia(page);
  await page.getByRole('tab', { name: 'Apparence' }).click();
  const colour = page.getByRole('textbox', { name: /Couleur principale/ });
  // Too light first: the form gives the contrast verdict before any publication.
  await colour.fill('#f5c400');
  await expect(page.getByText(/sous les 4,5:1 de WCAG AA/)).toBeVisible();
  await colour.fill('#0b6e4f');
  await expect(page.getByText(/conforme WCAG AA/)).toBeVisible();
  await page.getByRole('textbox', { name: /Nom du cabinet/ }).fill('Fiduciaire Nord');
  expect(describeViolations(await axe())).toEqual([]);
  await publishDraft(page, 'Section « branding » modifiée', 'Nouvelle identité');

  // The portal takes a publication at its next load (it never holds a first paint back): the header first,
  // then, signed out, the login page (the browser keeps the publication it met while signed in).
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        return page.getByRole('link', { name: 'Fiduciaire Nord' }).count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  await page.getByRole('button', { name: /Menu de/ }).click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/(login|collaborateur)/);
  await expect
    .poll(
      async () => {
        await page.goto('/login?choice=client');
        await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeEnabled();
        return page.getByText('Fiduciaire Nord', { exact: true }).count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  await expect(page.getByText(manifest.branding.firmName, { exact: true })).toHaveCount(0);
  const green = 'rgb(11, 110, 79)';
  const background = (on: Page, name: string) =>
    on
      .getByRole('button', { name, exact: true })
      .evaluate((button) => getComputedStyle(button).backgroundColor);
  expect(await background(page, 'Se connecter')).toBe(green);

  // A browser that never signed in gets them at once, from the page the server sends: the login, the
  // collaborators' entry and the provider's page.
  const fresh = await browser.newContext({ baseURL: PORTAL_URL });
  try {
    const newcomer = await fresh.newPage();
    await newcomer.goto('/login?choice=client');
    await expect(newcomer.getByText('Fiduciaire Nord', { exact: true })).toBeVisible();
    expect(await background(newcomer, 'Se connecter')).toBe(green);
    await newcomer.goto('/collaborateur');
    await expect(newcomer.getByText('Fiduciaire Nord', { exact: true })).toBeVisible();
    expect(await background(newcomer, 'Se connecter avec mon compte collaborateur')).toBe(green);
    await newcomer.getByRole('button', { name: 'Se connecter avec mon compte collaborateur' }).click();
    await expect(newcomer).toHaveURL(/\/oidc\/interaction\//);
    await expect(newcomer.getByText('Fiduciaire Nord', { exact: true })).toBeVisible();
    expect(await background(newcomer, 'Se connecter')).toBe(green);
  } finally {
    await fresh.close();
  }
});
