// Session rules of issue 15 as people meet them: the terms page shows and accepts the latest terms
// (GET contact/api/terms/latest), even from an old link; the folder launcher is a unitary view (the page
// alone, no entity sidebar). The entity of an earlier visit is a landing fact the shipped manifest does not
// use (SPEC 2): src/routing/remembered-entity.test.tsx proves the rule a firm may add.
import { describeViolations, expect, test } from './fixtures';
import { signInCustomer } from './sign-in';
import { openAt, sidebar } from './screens';

test('the terms page names the latest terms and accepts them, even reached by an old link', async ({
  page,
}) => {
  await signInCustomer(page, 'nina.terms@demo.test', { landing: /\/validation-cgu\/2/ });
  await expect(page.getByText('Version 2026.1 du 10 janvier 2026')).toBeVisible();
  // An address naming the previous terms (a bookmark, an old e-mail): the latest are shown and accepted.
  await page.goto('/validation-cgu/1');
  await expect(page.getByText('Version 2026.1 du 10 janvier 2026')).toBeVisible();
  const accepted = page.waitForRequest(
    (request) => request.method() === 'PATCH' && request.url().includes('currentuser/terms'),
  );
  await page.getByRole('button', { name: "J'accepte les conditions" }).click();
  expect(new URL((await accepted).url()).searchParams.get('termsId')).toBe('2');
  await expect(page).toHaveURL(/\/dossier\/1003\/accueil$/);
});

test('the folder launcher shows the folder’s applications alone (unitary view)', async ({ page, axe }) => {
  await signInCustomer(page, 'claire.solo@demo.test');
  await openAt(page, '/lanceur/1001', 'Applications');
  await expect(page.getByRole('link', { name: /^Logiciel comptable/ })).toHaveAttribute(
    'href',
    'https://compta.example/C-1001',
  );
  await expect(page).toHaveTitle('Applications du dossier');
  await expect(sidebar(page)).toHaveCount(0);
  expect(describeViolations(await axe())).toEqual([]);
});
