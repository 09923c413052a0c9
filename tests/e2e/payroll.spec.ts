// Payroll variables (issue 31, EVP) across both sides: Claire enters and submits November, Paul asks for
// a correction, Claire corrects and submits again, Paul locks the month and downloads its CSV; a locked
// month offers no entry. The demo day (GATEWAY_DEMO_TODAY, 2026-11-02) dates the cut-off's countdown.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { describeViolations, expect, test } from './fixtures';
import { downloadFrom } from './files';
import { openFromMenu, sidebar } from './screens';
import { phoneProblems } from './screen-checks';
import { signInCollaborator, signInCustomer } from './sign-in';

const PAGE = '/dossier/1001/variables-de-paie';
const PHONE = { width: 390, height: 844 };

const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Opens Julien Bernard's entry, types what is given, and saves it. */
async function enterJulien(page: Page, fields: Record<string, string>) {
  await page.getByRole('button', { name: 'Saisir les variables de Julien Bernard' }).click();
  const dialog = page.getByRole('dialog', { name: /^Variables de Julien Bernard/ });
  for (const [label, value] of Object.entries(fields))
    await dialog.getByLabel(label, { exact: true }).fill(value);
  return dialog;
}

test('Claire enters and submits the month, Paul asks for a correction, Claire corrects, Paul locks and exports it', async ({
  page,
  browser,
  axe,
}) => {
  test.slow();
  const claire = page;
  await signInCustomer(claire, 'claire.solo@demo.test', { landing: /\/dossier\/1001\/accueil$/ });
  // The home widget counts from the gateway's day: 18 days to the 20th.
  await expect(claire.locator('[data-widget="payroll/cutoff"]')).toContainText(
    '18 jours avant la date limite du 20 novembre',
  );
  await openFromMenu(sidebar(claire), 'Variables de paie');
  await expect(claire.getByRole('heading', { level: 1, name: 'Variables de paie' })).toBeVisible();
  await expect(claire.getByText('Date limite : 20/11/2026, dans 18 jours')).toBeVisible();

  const dialog = await enterJulien(claire, {
    'Heures travaillées': '151,67',
    'Heures supplémentaires': '4,5',
    'Primes (€)': '120,505',
  });
  // The form refuses as the gateway would, as the person types.
  await expect(dialog.getByText('Deux décimales au plus.')).toBeVisible();
  await dialog.getByLabel('Primes (€)', { exact: true }).fill('120,50');
  await dialog.getByRole('button', { name: 'Ajouter une absence' }).click();
  await dialog.getByLabel("Motif de l'absence 1").selectOption({ label: 'Maladie' });
  await dialog.getByLabel('Du (absence 1)').fill('2026-11-09');
  await dialog.getByLabel('Au (absence 1)').fill('2026-11-10');
  expect(describeViolations(await axe())).toEqual([]);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(status(claire, 'Les variables de Julien Bernard sont enregistrées.')).toBeVisible();
  const table = claire.getByRole('table', { name: 'Salariés et variables du mois' });
  await expect(table.getByRole('row').filter({ hasText: 'Julien Bernard' })).toContainText('Maladie');
  await claire.getByRole('button', { name: 'Transmettre au cabinet' }).click();
  await expect(status(claire, 'Le mois a été transmis au cabinet.')).toBeVisible();
  await expect(claire.getByText('Ce mois a été transmis au cabinet, qui le vérifie.')).toBeVisible();
  await expect(claire.getByRole('button', { name: 'Saisir les variables de Julien Bernard' })).toHaveCount(0);
  expect(describeViolations(await axe())).toEqual([]);

  const paulContext = await browser.newContext();
  const paul = await paulContext.newPage();
  await signInCollaborator(paul, 'paul.collab@demo.test');
  await paul.goto(PAGE);
  await expect(paul.getByText('Transmis au cabinet', { exact: true })).toBeVisible();
  await paul.getByRole('button', { name: 'Demander une correction' }).click();
  const ask = paul.getByRole('dialog', { name: 'Demander une correction du mois' });
  await ask.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(ask.getByText('Dites au client ce qui est à corriger.')).toBeVisible();
  await ask.getByLabel('Ce qui est à corriger').fill('Julien a fait 5 h supplémentaires, pas 4,5.');
  await ask.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(status(paul, 'La demande de correction a été envoyée au client.')).toBeVisible();

  await claire.reload();
  await expect(claire.getByText('Le cabinet demande une correction')).toBeVisible();
  await expect(claire.getByText('Julien a fait 5 h supplémentaires, pas 4,5.').first()).toBeVisible();
  const correcting = await enterJulien(claire, { 'Heures supplémentaires': '5' });
  await correcting.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(status(claire, 'Les variables de Julien Bernard sont enregistrées.')).toBeVisible();
  await claire.getByRole('button', { name: 'Transmettre au cabinet' }).click();
  await expect(status(claire, 'Le mois a été transmis au cabinet.')).toBeVisible();

  await paul.reload();
  await paul.getByRole('button', { name: 'Clôturer le mois' }).click();
  await expect(status(paul, 'Le mois est clôturé.')).toBeVisible();
  const download = await downloadFrom(paul.getByRole('button', { name: 'Exporter en CSV' }));
  expect(download.suggestedFilename()).toBe('variables-paie-C-1001-2026-11.csv');
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFFMatricule;Nom;Prénom;Rubrique;Quantité;Unité;Montant;Du;Au\r\n')).toBe(true);
  expect(csv.slice(1).trim().split('\r\n').slice(1)).toEqual([
    'M001;Bernard;Julien;Heures travaillées;151,67;heures;;;',
    'M001;Bernard;Julien;Heures supplémentaires;5,00;heures;;;',
    'M001;Bernard;Julien;Absence maladie;2;jours;;2026-11-09;2026-11-10',
    'M001;Bernard;Julien;Prime;;;120,50;;',
  ]);
  const history = paul.getByRole('region', { name: 'Historique du mois' });
  await expect(history).toContainText('Paul Collab a demandé une correction');
  await expect(history).toContainText('Paul Collab a exporté le mois en CSV');
  await paulContext.close();

  await claire.reload();
  await expect(claire.getByText('Ce mois est clôturé : il ne peut plus être modifié.')).toBeVisible();
  await expect(claire.getByRole('button', { name: 'Transmettre au cabinet' })).toHaveCount(0);
  await expect(claire.getByRole('button', { name: 'Saisir les variables de Julien Bernard' })).toHaveCount(0);
});

test('on a 390 px phone the month is cards, with its title at the top and no sideways scroll', async ({
  page,
  axe,
}) => {
  await page.setViewportSize(PHONE);
  await signInCustomer(page, 'claire.solo@demo.test');
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Variables de paie' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Salariés et variables du mois' });
  await expect(cards.getByRole('listitem')).toHaveCount(4);
  expect(await phoneProblems(page)).toEqual({ wide: [], title: [], cells: [] });
  expect(describeViolations(await axe())).toEqual([]);
  // A past month, locked: read-only, still within the phone.
  await page.getByRole('combobox', { name: 'Mois', exact: true }).selectOption({ index: 1 });
  await expect(page.getByText('Ce mois est clôturé : il ne peut plus être modifié.')).toBeVisible();
  expect(await phoneProblems(page)).toEqual({ wide: [], title: [], cells: [] });
});
