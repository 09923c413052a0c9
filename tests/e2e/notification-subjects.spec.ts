// Every notification type of SPEC 3 a persona receives in the demo seed opens a page that shows its subject
// (issue 30 item 7): each test produces the event the way the firm or a customer would (a call to the
// gateway with their own sign-in; the admin call for the report types no screen raises yet), then the
// recipient opens it from the bell and finds the person, the mandate, the report or the document on the
// page it opens, marked as the notification's and in view.
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { describeViolations, expect, GATEWAY_URL, test } from './fixtures';
import type { AxeCheck } from './fixtures';
import { apiToken, signInCollaborator, signInCustomer } from './sign-in';

const ENTITY = 1001;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const pdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );

/** Paul's bearer token: a collaborator signs in through the identity provider, in a browser of his own. */
async function paulToken(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInCollaborator(page, 'paul.collab@demo.test');
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  await context.close();
  return token ?? '';
}

type Listed = {
  userId: number | null;
  email: string;
  version: number;
  isSignatory: boolean;
  permissions: string[];
};

/** Claire, the entity's administrator, gives Marc more codes on it (he holds two there). */
async function claireGivesMarc(request: APIRequestContext, codes: readonly string[]): Promise<void> {
  const token = await apiToken(request, 'claire.solo@demo.test');
  const users = (await (
    await request.get(`${GATEWAY_URL}/account/api/accounts/${String(ENTITY)}/users?pageSize=100`, {
      headers: bearer(token),
    })
  ).json()) as { items: Listed[] };
  const marc = users.items.find((user) => user.email === 'marc.multi@demo.test');
  const saved = await request.put(
    `${GATEWAY_URL}/account/api/accounts/${String(ENTITY)}/users/${String(marc?.userId)}/rights`,
    {
      headers: bearer(token),
      data: {
        permissions: [...(marc?.permissions ?? []), ...codes],
        isSignatory: marc?.isSignatory ?? false,
        version: marc?.version ?? 0,
      },
    },
  );
  expect(saved.status()).toBe(200);
}

/** A document put on the entity by `token`'s owner; answers its id. */
async function upload(
  request: APIRequestContext,
  token: string,
  kind: string,
  name: string,
): Promise<number> {
  const added = await request.post(
    `${GATEWAY_URL}/account/api/accounts/${String(ENTITY)}/documents?kind=${kind}`,
    {
      headers: bearer(token),
      multipart: { file: { name, mimeType: 'application/pdf', buffer: pdf(name) } },
    },
  );
  expect(added.status()).toBe(201);
  return ((await added.json()) as { id: number }).id;
}

/** One of the entity's seeded BI reports, as Claire's list has it. */
async function seededReport(request: APIRequestContext): Promise<{ id: number; title: string }> {
  const token = await apiToken(request, 'claire.solo@demo.test');
  const reports = (await (
    await request.get(`${GATEWAY_URL}/reporting/api/accounts/${String(ENTITY)}/reports`, {
      headers: bearer(token),
    })
  ).json()) as { items: { id: number; title: string }[] };
  const report = reports.items.at(-1);
  expect(report).toBeDefined();
  return { id: report?.id ?? 0, title: report?.title ?? '' };
}

/** An event no screen raises yet, through the gateway's admin call, about `subjectId`. */
async function publish(
  request: APIRequestContext,
  type: string,
  subjectId: number,
  data: Record<string, string>,
): Promise<void> {
  const answer = await request.post(`${GATEWAY_URL}/__admin/events`, {
    data: { type, accountId: ENTITY, subjectId, data },
  });
  expect(answer.status()).toBe(204);
}

/** The recipient opens the entity's home, the bell, then the notification that says `sentence`. */
async function openFromBell(page: Page, email: string, sentence: RegExp, axe: AxeCheck): Promise<void> {
  await signInCustomer(page, email);
  // Claire lands on the entity; Marc, on several, on his list of entities.
  if (!page.url().endsWith(`/dossier/${String(ENTITY)}/accueil`))
    await page.goto(`/dossier/${String(ENTITY)}/accueil`);
  await page.getByRole('button', { name: /^Notifications, \d+ non lues?$/ }).click();
  const centre = page.getByRole('dialog', { name: 'Notifications' });
  const item = centre.getByRole('button', { name: sentence });
  await expect(item).toBeVisible();
  await item.click();
  await expect(centre).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(describeViolations(await axe())).toEqual([]);
}

/** The one row or card the page marks as the notification's: shown, in view, holding `subject`. */
async function expectMarked(marked: Locator, subject: string): Promise<void> {
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText(subject);
  await expect(marked).toBeInViewport();
}

const markedRow = (page: Page) => page.locator('tr[aria-current="true"]');

test('Delegation-AddDelegation: “Claire invited Hugo” opens the users list on Hugo’s pending invitation, past the first page', async ({
  page,
  request,
  axe,
}) => {
  test.slow();
  await claireGivesMarc(request, ['CLUSER001']);
  const token = await apiToken(request, 'claire.solo@demo.test');
  const invite = async (email: string, firstName: string, lastName: string) => {
    const sent = await request.post(`${GATEWAY_URL}/account/api/accounts/${String(ENTITY)}/users`, {
      headers: bearer(token),
      data: { email, firstName, lastName },
    });
    expect(sent.status()).toBe(201);
  };
  // Twenty people sorted before him by name: Hugo's row is on the second page of twenty.
  for (let index = 10; index < 30; index += 1)
    await invite(`aubert.${String(index)}@demo.test`, 'Anne', `Aubert ${String(index)}`);
  await invite('hugo.bernard@demo.test', 'Hugo', 'Bernard');

  await openFromBell(page, 'marc.multi@demo.test', /Claire Solo a invité Hugo Bernard/, axe);
  await expect(page).toHaveURL(/\/dossier\/1001\/gestion-utilisateurs\?.*person=\d+/);
  await expect(page).toHaveURL(/page=2/);
  const row = markedRow(page);
  await expectMarked(row, 'Hugo Bernard');
  await expect(row).toContainText('hugo.bernard@demo.test');
  await expect(row).toContainText('Invité');
  await expect(row).toContainText('Concerné par la notification');
});

test('Mandate-MandateStatusChanged: Paul suspends a mandate; Claire’s notification opens the entity’s information on it', async ({
  page,
  request,
  browser,
  axe,
}) => {
  // Paul signs in through the identity provider first: more than the default 30 s on a busy machine.
  test.slow();
  const token = await paulToken(browser);
  const mandates = (await (
    await request.get(`${GATEWAY_URL}/wallet/api/portfolio/mandates?q=C-1001&pageSize=100`, {
      headers: bearer(token),
    })
  ).json()) as { items: { id: number; type: string; status: string; version: number }[] };
  const mandate = mandates.items.find((item) => item.status === 'active');
  expect(mandate).toBeDefined();
  const changed = await request.put(`${GATEWAY_URL}/wallet/api/mandates/${String(mandate?.id)}/status`, {
    headers: bearer(token),
    data: { status: 'suspended', version: mandate?.version ?? 0 },
  });
  expect(changed.status()).toBe(200);

  await openFromBell(page, 'claire.solo@demo.test', /Paul Collab a passé le mandat/, axe);
  await expect(page).toHaveURL(new RegExp(`/dossier/1001/informations\\?mandateId=${String(mandate?.id)}$`));
  const card = page.getByRole('region', { name: 'Mandats' }).locator('li[aria-current="true"]');
  await expectMarked(card, mandate?.type ?? '');
  await expect(card).toContainText('Suspendu');
  await expect(card).toContainText('Concerné par la notification');
});

test('Reporting-ReportCreatedCollab: Paul deposits a report; Claire’s notification opens the reports on it', async ({
  page,
  request,
  browser,
  axe,
}) => {
  test.slow();
  const token = await paulToken(browser);
  const title = 'Tableau de bord novembre';
  const deposited = await request.post(`${GATEWAY_URL}/reporting/api/reports/files`, {
    headers: bearer(token),
    multipart: {
      accountId: String(ENTITY),
      kind: 'financial',
      title,
      period: '2026-10',
      file: { name: 'rapport.pdf', mimeType: 'application/pdf', buffer: pdf(title) },
    },
  });
  expect(deposited.status()).toBe(201);
  const { id } = (await deposited.json()) as { id: number };

  await openFromBell(page, 'claire.solo@demo.test', /Paul Collab a déposé le rapport BI/, axe);
  await expect(page).toHaveURL(new RegExp(`/dossier/1001/rapports-bi\\?reportId=${String(id)}$`));
  await expectMarked(markedRow(page), title);
});

// The three report types no screen raises yet: the gateway's admin call, about one of the seeded reports.
for (const [type, actor, sentence] of [
  ['Reporting-ReportCreatedCustomer', 'Marc Multi', /Marc Multi a déposé le rapport BI/],
  ['Reporting-ReportUpdatedCustomer', 'Marc Multi', /Marc Multi a mis à jour le rapport BI/],
  ['Reporting-ReportUpdatedCollab', 'Paul Collab', /Paul Collab a mis à jour le rapport BI/],
] as const)
  test(`${type}: Claire’s notification opens the reports on the report it names`, async ({
    page,
    request,
    axe,
  }) => {
    const report = await seededReport(request);
    await publish(request, type, report.id, { actor, title: report.title });
    await openFromBell(page, 'claire.solo@demo.test', sentence, axe);
    await expect(page).toHaveURL(new RegExp(`/dossier/1001/rapports-bi\\?reportId=${String(report.id)}$`));
    await expectMarked(markedRow(page), report.title);
  });

test('Ged-AccountingDocumentUploaded: Marc drops an accounting document; Claire’s notification opens the list on it', async ({
  page,
  request,
  axe,
}) => {
  const name = 'Facture fournisseur novembre.pdf';
  const id = await upload(request, await apiToken(request, 'marc.multi@demo.test'), 'accounting', name);
  await openFromBell(page, 'claire.solo@demo.test', /Marc Multi a déposé un document comptable/, axe);
  await expect(page).toHaveURL(new RegExp(`documentId=${String(id)}`));
  await expectMarked(markedRow(page), name);
});

test('Ged-GSDocumentUploaded: Marc drops a payslip; Claire’s notification opens social management on it', async ({
  page,
  request,
  axe,
}) => {
  await claireGivesMarc(request, ['CLGED0001']);
  const name = 'Bulletin de paie novembre.pdf';
  const id = await upload(
    request,
    await apiToken(request, 'marc.multi@demo.test'),
    'social-management',
    name,
  );
  await openFromBell(
    page,
    'claire.solo@demo.test',
    /Marc Multi a déposé un document de gestion sociale/,
    axe,
  );
  await expect(page).toHaveURL(new RegExp(`/dossier/1001/gestion-sociale\\?.*documentId=${String(id)}`));
  await expectMarked(markedRow(page), name);
});
