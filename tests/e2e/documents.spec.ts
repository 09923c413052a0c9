// The document lists as people use them: Claire's social-management documents (sort, filter, open,
// download, ZIP, the e-mail drop address), what an upload refuses and keeps, a notification's deep link,
// and another entity's file refused by the gateway (403) and by the portal (403 page).
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { GATEWAY_URL, describeViolations, expect, test } from './fixtures';
import { apiToken, signInCustomer as signIn, signInAt, MARC } from './sign-in';
import { expectRefusedAt, openFromMenu, sidebar } from './screens';
import { downloadFrom, expectOpensInBrowser, expectPdfDownload } from './files';

type DocPage = { items: { id: number; name: string }[]; totalItems: number };

const table = (page: Page, name: string) => page.getByRole('table', { name });
const pdfBytes = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );

test('Claire finds, sorts, filters, opens and downloads her social-management documents', async ({
  page,
  axe,
}) => {
  // Sort, filter, open, download, ZIP and an accessibility check: more than 30 s on a busy machine.
  test.slow();
  await signIn(page, 'claire.solo@demo.test');
  await openFromMenu(sidebar(page), 'Gestion sociale');
  const list = table(page, 'Gestion sociale');
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(list.getByRole('row')).toHaveCount(7);
  await expect(page.getByText('6 résultats')).toBeVisible();

  // Sort by name, ascending then descending; the address keeps it.
  await list.getByRole('button', { name: 'Trier par Nom, ordre croissant' }).click();
  await expect(page).toHaveURL(/sort=name&order=asc/);
  await expect(list.getByRole('row').nth(1)).toContainText('Bulletin de paie');
  await list.getByRole('button', { name: 'Trier par Nom, ordre décroissant' }).click();
  await expect(list.getByRole('row').nth(1)).toContainText('Déclaration sociale nominative');

  // One period, then a text search within it.
  const periodFilter = page.getByRole('combobox', { name: 'Période' });
  const firstPeriod = await periodFilter.locator('option').nth(1).getAttribute('value');
  await periodFilter.selectOption(firstPeriod ?? '');
  await expect(list.getByRole('row')).toHaveCount(3);
  await page.getByRole('searchbox', { name: 'Rechercher par nom' }).fill('paie');
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(list.getByRole('row').nth(1)).toContainText(`Bulletin de paie ${firstPeriod ?? ''}.pdf`);
  await page.reload();
  await expect(list.getByRole('row')).toHaveCount(2);

  // Open in the browser: a new tab shows the PDF itself.
  const name = `Bulletin de paie ${firstPeriod ?? ''}.pdf`;
  await expectOpensInBrowser(page, name);

  // Download one file under its own name.
  await expectPdfDownload(page, name, name);

  // A selection as one ZIP.
  await page.getByRole('searchbox', { name: 'Rechercher par nom' }).fill('');
  await expect(list.getByRole('row')).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Sélectionner toutes les lignes de cette page' }).check();
  const zip = await downloadFrom(
    page.getByRole('button', { name: 'Télécharger la sélection en ZIP (2 fichiers)' }),
  );
  expect(zip.suggestedFilename()).toBe('documents-C-1001.zip');
  const bytes = readFileSync(await zip.path());
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  expect(bytes.includes(Buffer.from(name))).toBe(true);

  // The mail-to flags are on: the drop address, with a copy button.
  await expect(page.getByTestId('mail-drop-address')).toHaveText(/^social\+c-1001@depot\.demo\.test$/);
  await expect(page.getByRole('button', { name: 'Copier l’adresse de dépôt par e-mail' })).toBeVisible();
  expect(describeViolations(await axe())).toEqual([]);
});

test('uploads: an empty file, one over the limit and a renamed executable are refused; the rest is kept under a safe name', async ({
  page,
  request,
  expectConsoleErrors,
}) => {
  // Five files, one of 21 MB made here, then the gateway asked directly: slow on a busy machine.
  test.slow();
  expectConsoleErrors(/status of 415/);
  await signIn(page, 'claire.solo@demo.test');
  await page.goto('/dossier/1001/comptabilite/archive');
  const list = table(page, 'Documents comptables');
  await expect(page.getByText('9 résultats')).toBeVisible();

  await page.getByLabel('Ajouter des documents').setInputFiles([
    { name: 'vide.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) },
    { name: 'trop-gros.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(21 * 1024 * 1024, 0x20) },
    {
      name: 'facture.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00 PE executable', 'latin1'),
    },
    { name: '..\\..\\Reçu été ✓.pdf', mimeType: 'application/pdf', buffer: pdfBytes('recu') },
    { name: 'Relevé mars.pdf', mimeType: 'application/pdf', buffer: pdfBytes('releve') },
  ]);
  const sent = page.getByRole('list', { name: 'Fichiers en cours d’envoi' });
  await expect(sent.getByText('Non envoyé : le fichier est vide.')).toBeVisible();
  await expect(sent.getByText(/^Non envoyé : le fichier dépasse 20\sMo\.$/)).toBeVisible();
  await expect(sent.getByText(/^Non envoyé : ce type de fichier n’est pas accepté/)).toBeVisible();
  await expect(sent.getByText('Envoyé', { exact: true })).toHaveCount(2);

  await expect(page.getByText('11 résultats')).toBeVisible();
  await expect(list.getByText('Reçu été ✓.pdf', { exact: true })).toBeVisible();
  await expect(list.getByText('Relevé mars.pdf', { exact: true })).toBeVisible();
  await expect(list.getByText('facture.pdf')).toHaveCount(0);
  await expect(list.locator('tr[aria-current="true"]')).toHaveCount(1);

  // The gateway refuses the same files on its own (a client that skips the checks).
  const token = await apiToken(request, 'claire.solo@demo.test');
  const empty = await request.post(`${GATEWAY_URL}/account/api/accounts/1001/documents?kind=accounting`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: 'vide.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) } },
  });
  expect(empty.status()).toBe(422);
  const page1 = (await (
    await request.get(`${GATEWAY_URL}/account/api/accounts/1001/documents?kind=accounting`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as DocPage;
  expect(page1.totalItems).toBe(11);
});

test('a Ged notification link opens social management with the new document marked', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'claire.solo@demo.test');
  const added = await request.post(
    `${GATEWAY_URL}/account/api/accounts/1001/documents?kind=social-management`,
    {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        file: {
          name: 'Attestation employeur.pdf',
          mimeType: 'application/pdf',
          buffer: pdfBytes('attestation'),
        },
      },
    },
  );
  expect(added.status()).toBe(201);
  const { id } = (await added.json()) as { id: number };
  await signIn(page, 'claire.solo@demo.test');
  await page.goto(`/dossier/1001/ged?notificationType=Ged-GSDocumentUploaded&documentId=${String(id)}`);
  await expect(page).toHaveURL(/\/dossier\/1001\/gestion-sociale\?.*documentId=/);
  const marked = table(page, 'Gestion sociale').locator('tr[aria-current="true"]');
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText('Attestation employeur.pdf');
});

test('Claire cannot reach another entity’s file: 403 from the gateway, the 403 page in the portal', async ({
  page,
  request,
  expectConsoleErrors,
}) => {
  // The entity guard's own refusals of 1002 (its permissions and summary), before the 403 page.
  expectConsoleErrors(/status of 403/, /\{status: 403/);
  const marc = await apiToken(request, 'marc.multi@demo.test');
  const other = (await (
    await request.get(`${GATEWAY_URL}/account/api/accounts/1002/documents?kind=social-management`, {
      headers: { authorization: `Bearer ${marc}` },
    })
  ).json()) as DocPage;
  const foreignId = other.items[0]?.id ?? 0;
  expect(foreignId).toBeGreaterThan(0);

  const claire = await apiToken(request, 'claire.solo@demo.test');
  const answer = await request.get(`${GATEWAY_URL}/account/api/documents/${String(foreignId)}/file`, {
    headers: { authorization: `Bearer ${claire}` },
  });
  expect(answer.status()).toBe(403);

  await signIn(page, 'claire.solo@demo.test');
  await expectRefusedAt(page, `/dossier/1002/gestion-sociale?documentId=${String(foreignId)}`);
});

test('Marc on 1001 (CLGED0002 only) sees accounting documents but no social-management entry, and the gateway refuses payslips', async ({
  page,
  request,
}) => {
  await signInAt(page, MARC, '/dossier/1001/comptabilite/archive', 'Documents comptables');
  await expect(sidebar(page).getByRole('link', { name: 'Gestion sociale' })).toHaveCount(0);
  const marc = await apiToken(request, 'marc.multi@demo.test');
  const payslips = await request.get(
    `${GATEWAY_URL}/account/api/accounts/1001/documents?kind=social-management`,
    {
      headers: { authorization: `Bearer ${marc}` },
    },
  );
  expect(payslips.status()).toBe(403);
});
