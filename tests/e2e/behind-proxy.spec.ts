// What the portal's proxy must pass on (issue 27 items 2 and 15), run through scripts/static-server.ts in
// every e2e run and through nginx with deploy/nginx.conf in the nginx stage (E2E_SERVER=nginx): the
// gateway counts sign-in failures under the address the proxy saw, so another machine guessing a
// person's password is stopped while the person signs in; and an upload the gateway accepts is not
// refused by the proxy first (nginx's own default body limit is 1 MiB).
import { expect, test } from './fixtures';
import { loginFrom } from './login-from';
import { signInCustomer } from './sign-in';

type Answer = { status: number; retryAfter: string | undefined };

/** A sign-in call to the portal's origin from another machine: 127.0.0.0/8 is all loopback on Linux. */
async function loginFromMachine(
  localAddress: string,
  email: string,
  password: string,
  forgedFor: string,
): Promise<Answer> {
  // What the attacker writes to be counted under someone else's address: the proxy replaces it.
  const answer = await loginFrom(localAddress, { email, password }, { 'x-forwarded-for': forgedFor });
  const retryAfter = answer.headers['retry-after'];
  return { status: answer.status, retryAfter };
}

test("another machine guessing a person's password gets 429; the person signs in from theirs", async ({
  page,
  personas,
}) => {
  const victim = personas.byEmail('marc.multi@demo.test');
  const answers: number[] = [];
  for (let attempt = 0; attempt < 6; attempt += 1)
    answers.push(
      (await loginFromMachine('127.0.0.2', victim.email, `wrong-password-${String(attempt)}`, '127.0.0.1'))
        .status,
    );
  expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
  // The attacker's machine stays stopped even with the right password…
  const locked = await loginFromMachine('127.0.0.2', victim.email, victim.password, '127.0.0.1');
  expect(locked.status).toBe(429);
  expect(Number(locked.retryAfter)).toBeGreaterThan(0);

  // …while the person, in the browser on 127.0.0.1, signs in with it.
  await signInCustomer(page, victim.email, { password: victim.password });
});

test("a 2 MiB document is uploaded through the portal's origin", async ({ page }) => {
  await signInCustomer(page, 'claire.solo@demo.test');
  await page.goto('/dossier/1001/comptabilite/archive');
  await expect(page.getByRole('table', { name: 'Documents comptables' })).toBeVisible();
  const twoMiB = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2 * 1024 * 1024, 0x20)]);
  await page
    .getByLabel('Ajouter des documents')
    .setInputFiles([{ name: 'Grand-livre 2 Mo.pdf', mimeType: 'application/pdf', buffer: twoMiB }]);
  const sent = page.getByRole('list', { name: 'Fichiers en cours d’envoi' });
  await expect(sent.getByText('Envoyé', { exact: true })).toHaveCount(1);
  await expect(
    page
      .getByRole('table', { name: 'Documents comptables' })
      .getByText('Grand-livre 2 Mo.pdf', { exact: true }),
  ).toBeVisible();
});
