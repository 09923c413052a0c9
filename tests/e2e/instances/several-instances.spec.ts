// Issue 28 item 6: two gateway processes on one PostgreSQL behind nginx (round robin, no affinity), with
// the portal, behave as one gateway, in Chromium and by HTTP. Each answer names its instance
// (X-Gateway-Instance); a call is pinned to one instance by its own port when the proof needs it. The last
// test SIGKILLs an instance during a stream of writes and measures how soon nginx answers again.
// Started by start-instances.ts (playwright.instances.config.ts): `npm run test:e2e:instances`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from '@playwright/test';
import manifest from '../../../portal.config.json' with { type: 'json' };
import { expect, PORTAL_URL, test } from '../fixtures';
import { PASSWORD, signInCustomer, submitCollaboratorLogin, submitCustomerLogin } from '../sign-in';
import { type Answer, call, pdfForm, signIn, signInFrom } from './http';
import { answeredBy, type Instance, startedInstances, TAKEOVER_FILE, type Takeover } from './instances';

type Seen = { method: string; path: string; status: number; instance: string };

/** Every answer of an instance the page gets through the portal's origin, in order. */
function answersOf(page: Page): Seen[] {
  const seen: Seen[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const instance = answeredBy(response);
    if (url.origin !== new URL(PORTAL_URL).origin || instance === '') return;
    seen.push({
      method: response.request().method(),
      path: url.pathname,
      status: response.status(),
      instance,
    });
  });
  return seen;
}

/** The bearer tokens the page sends, newest last. */
function tokensOf(page: Page): string[] {
  const tokens: string[] = [];
  page.on('request', (request) => {
    const token = /^Bearer (\S+)$/.exec(request.headers()['authorization'] ?? '')?.[1];
    if (token !== undefined && tokens.at(-1) !== token) tokens.push(token);
  });
  return tokens;
}

const isStream = (response: Response) => response.url().includes('/notifications/stream');
const names = (answers: readonly { instance: string }[]) =>
  [...new Set(answers.map((a) => a.instance))].sort();
const both = () => startedInstances().map((instance) => instance.name);
const otherThan = (name: string): Instance => {
  const [first, second] = startedInstances();
  if (name !== first.name && name !== second.name)
    throw new Error(`no instance named ${JSON.stringify(name)} answered`);
  return first.name === name ? second : first;
};
const byName = (name: string): Instance => {
  const found = startedInstances().find((instance) => instance.name === name);
  if (found === undefined) throw new Error(`no instance named ${JSON.stringify(name)} answered`);
  return found;
};

test('a person signs in through one instance and her later calls are answered by both', async ({ page }) => {
  const seen = answersOf(page);
  await signInCustomer(page, 'claire.solo@demo.test');
  const loginAt = seen.findIndex((answer) => answer.path === '/authentication/api/login');
  const login = seen[loginAt];
  expect(login?.status).toBe(200);
  // Two more screens: each sends its calls to whichever instance nginx picks next.
  await page.goto('/dossier/1001/comptabilite/archive');
  await expect(page.getByRole('table', { name: 'Documents comptables' })).toBeVisible();
  await page.goto('/dossier/1001/accueil');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const later = seen.slice(loginAt + 1);
  expect(later.filter((answer) => answer.status === 401 || answer.status >= 500)).toEqual([]);
  expect(names(later)).toEqual(both());
  console.log(
    `signed in through ${login?.instance ?? '?'}; then ${String(later.length)} calls answered by ` +
      both()
        .map((name) => `${name} ×${String(later.filter((answer) => answer.instance === name).length)}`)
        .join(', '),
  );

  // By HTTP: one sign-in, then the same call eight times through nginx.
  const token = await signIn('marc.multi@demo.test');
  const answers: Answer[] = [];
  for (let index = 0; index < 8; index += 1) answers.push(await call('GET', '/contact/me', { token }));
  expect(answers.map((answer) => answer.status)).toEqual(Array<number>(8).fill(200));
  expect(names(answers)).toEqual(both());
});

test('signing out on one instance refuses the token on the other at once', async ({ page }) => {
  const [first, second] = startedInstances();
  // By HTTP, pinned: signed in on the first, used on the second, signed out on the first.
  const token = await signIn('marc.multi@demo.test', first.url);
  expect((await call('GET', '/contact/me', { token, base: second.url })).status).toBe(200);
  expect((await call('POST', '/authentication/api/logout', { token, base: first.url })).status).toBe(204);
  expect((await call('GET', '/contact/me', { token, base: second.url })).status).toBe(401);

  // In Chromium: Claire signs out in the portal; her token is refused at once by the instance that did
  // not answer the sign-out.
  const tokens = tokensOf(page);
  await signInCustomer(page, 'claire.solo@demo.test');
  const browserToken = tokens.at(-1) ?? '';
  const signedOut = page.waitForResponse((response) => response.url().endsWith('/authentication/api/logout'));
  await page.getByRole('button', { name: /Menu de/ }).click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  const logout = await signedOut;
  expect(logout.status()).toBe(204);
  const other = otherThan(answeredBy(logout));
  expect((await call('GET', '/contact/me', { token: browserToken, base: other.url })).status).toBe(401);
  await expect(page).toHaveURL(/\/login/);
});

test('failed sign-ins spread over both instances hit the limit at the fifth', async ({
  page,
  expectConsoleErrors,
}) => {
  // By HTTP from another machine (127.0.0.3): five wrong passwords through nginx, then refused.
  const answers: Answer[] = [];
  for (let attempt = 0; attempt < 6; attempt += 1)
    answers.push(await signInFrom('127.0.0.3', 'nina.terms@demo.test', `wrong-${String(attempt)}`));
  expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429]);
  expect(names(answers.slice(0, 5))).toEqual(both());
  // Locked on both: the right password is refused from that machine too, on each instance.
  for (let attempt = 0; attempt < 2; attempt += 1)
    expect((await signInFrom('127.0.0.3', 'nina.terms@demo.test', PASSWORD)).status).toBe(429);

  // In Chromium: Sam mistypes five times on the same form, the sixth attempt is told to wait.
  expectConsoleErrors(/status of 401/, /status of 429/);
  const seen = answersOf(page);
  await submitCustomerLogin(page, 'sam.nousers@demo.test', undefined, 'wrong-0');
  for (let attempt = 1; attempt <= 6; attempt += 1) {
    await expect
      .poll(() => seen.filter((answer) => answer.path === '/authentication/api/login').length)
      .toBe(attempt);
    if (attempt === 6) break;
    await page.getByLabel('Mot de passe').fill(`wrong-${String(attempt)}`);
    await page.getByRole('button', { name: 'Se connecter' }).click();
  }
  const logins = seen.filter((answer) => answer.path === '/authentication/api/login');
  expect(logins.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429]);
  expect(names(logins.slice(0, 5))).toEqual(both());
  await expect(page.getByText(/Trop de tentatives/)).toBeVisible();
});

test('a document uploaded through one instance reaches the bell of a person whose stream the other holds, within 5 s', async ({
  page,
}) => {
  // Marc starts with nothing unread.
  const marc = await signIn('marc.multi@demo.test');
  expect(
    (await call('POST', '/contact/api/contacts/currentuser/notifications/read-all', { token: marc })).status,
  ).toBe(204);
  const streamOpened = page.waitForResponse(isStream);
  await signInCustomer(page, 'marc.multi@demo.test');
  const holder = answeredBy(await streamOpened);
  const bell = (unread: number) =>
    page.getByRole('button', {
      name: `Notifications, ${String(unread)} ${unread > 1 ? 'non lues' : 'non lue'}`,
    });
  await expect(bell(0)).toBeVisible();

  // Claire uploads through the other instance, straight to its port.
  const other = otherThan(holder);
  const claire = await signIn('claire.solo@demo.test', other.url);
  const sent = Date.now();
  const upload = await call('POST', '/account/api/accounts/1001/documents?kind=accounting', {
    token: claire,
    form: pdfForm('Across-instances.pdf'),
    base: other.url,
  });
  expect(upload.status).toBe(201);
  expect(upload.instance).toBe(other.name);
  await expect(bell(1)).toBeVisible({ timeout: 5_000 });
  const deliveredMs = Date.now() - sent;
  expect(deliveredMs).toBeLessThan(5_000);
  console.log(
    `uploaded through ${other.name}, on the bell of a stream held by ${holder}: ${String(deliveredMs)} ms`,
  );
  await bell(1).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText('Across-instances.pdf');
});

const sidebarNames = async (page: Page) =>
  (
    await page.getByRole('navigation', { name: "Navigation de l'entité" }).getByRole('link').allTextContents()
  ).map((text) => text.trim());
const bankBeforeReports = (list: readonly string[]) => list.indexOf('Banque') < list.indexOf('Rapports BI');

test('a manifest published through one instance is served by the other on the next load', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const [first, second] = startedInstances();
  // Olivia, the product owner, signs in through the identity provider; her portal token publishes.
  const tokens = tokensOf(page);
  await submitCollaboratorLogin(page, 'olivia.owner@demo.test');
  // A collaborator's landing (SPEC 2), the studio being her wallet's last tab.
  await expect(page).toHaveURL(/\/portefeuille\/dossiers$/);
  const olivia = tokens.at(-1) ?? '';

  type Published = { version: number; manifest: typeof manifest | null };
  const before = (await call('GET', '/studio/api/manifest/published', { base: first.url })).body as Published;
  const bankFirst = {
    ...manifest,
    sidebar: manifest.sidebar.map((item) =>
      item.id === 'bank' ? { ...item, order: 1 } : item.id === 'bi-reports' ? { ...item, order: 6 } : item,
    ),
  };
  const published = await call('POST', '/studio/api/manifest/versions', {
    token: olivia,
    base: first.url,
    body: { manifest: bankFirst, comment: 'Banque avant les rapports BI', baseVersion: before.version },
  });
  expect(published.status).toBe(201);
  // The other instance serves it at once.
  const served = (await call('GET', '/studio/api/manifest/published', { base: second.url }))
    .body as Published;
  expect(served.version).toBe(before.version + 1);
  expect(served.manifest?.sidebar).toEqual(bankFirst.sidebar);

  // Claire's next page load shows it, whichever instance answers her manifest call: loaded again until
  // the other instance has answered one.
  const context = await browser.newContext({ baseURL: PORTAL_URL });
  const claire = await context.newPage();
  const seen = answersOf(claire);
  await signInCustomer(claire, 'claire.solo@demo.test');
  const manifestLoads = () => seen.filter((answer) => answer.path === '/studio/api/manifest/published');
  await expect
    .poll(
      async () => {
        // One call through nginx in between: round robin then gives this load's calls the other order.
        if (manifestLoads().length > 0) {
          await call('GET', '/studio/api/manifest/published');
          await claire.reload();
        }
        const sidebar = claire.getByRole('navigation', { name: "Navigation de l'entité" });
        await expect(sidebar.getByRole('link', { name: 'Banque' })).toBeVisible();
        return {
          bankFirst: bankBeforeReports(await sidebarNames(claire)),
          by: manifestLoads().at(-1)?.instance,
        };
      },
      { timeout: 30_000 },
    )
    .toEqual({ bankFirst: true, by: second.name });
  await context.close();
});

type Write = { kind: 'upload' | 'rights' | 'favourite'; key: string; value: string; status: number };

/** Per key, the values a write stream may have left: the last acknowledged one or any unacknowledged after it. */
function possibleFinals(writes: readonly Write[], key: string): string[] | 'any' {
  const ofKey = writes.filter((write) => write.key === key);
  const lastAcked = ofKey.findLastIndex((write) => write.status >= 200 && write.status < 300);
  if (lastAcked === -1) return 'any';
  return ofKey.slice(lastAcked).map((write) => write.value);
}

test('SIGKILL of one instance during writes: every acknowledged write is there, and the portal goes on', async ({
  page,
  expectConsoleErrors,
}) => {
  test.setTimeout(90_000);
  // Claire's portal holds its event stream on one instance: that one is killed.
  // The event stream the killed instance held breaks off mid-answer (nginx cannot finish it).
  expectConsoleErrors(/ERR_INCOMPLETE_CHUNKED_ENCODING/);
  const streamOpened = page.waitForResponse(isStream);
  await signInCustomer(page, 'claire.solo@demo.test');
  const victim = byName(answeredBy(await streamOpened));
  console.log(`Claire's event stream is held by ${victim.name}: it is the one killed`);
  const survivor = otherThan(victim.name);

  const claire = await signIn('claire.solo@demo.test');
  const marc = await signIn('marc.multi@demo.test');
  type Row = { email: string; userId: number; version: number; permissions: string[] };
  const marcOn1001 = async (base?: string): Promise<Row> => {
    const answer = await call('GET', '/account/api/accounts/1001/users?pageSize=100', {
      token: claire,
      ...(base === undefined ? {} : { base }),
    });
    const row = (answer.body as { items: Row[] }).items.find((item) => item.email === 'marc.multi@demo.test');
    if (row === undefined) throw new Error(`Marc is not listed on 1001 (${String(answer.status)})`);
    return row;
  };

  const writes: Write[] = [];
  const run = { stopped: false };
  const pause = () => new Promise((resolve) => setTimeout(resolve, 60));
  const write = async (kind: Write['kind'], key: string, value: string, send: () => Promise<Answer>) => {
    const answer = await send().catch((): Answer => ({ status: 0, instance: '', body: null }));
    writes.push({ kind, key, value, status: answer.status });
    return answer;
  };
  const writers = [
    // Uploads, each a new document (the per-person upload limit is 30 in ten minutes).
    (async () => {
      for (let index = 0; !run.stopped && index < 20; index += 1) {
        const name = `Kill-${String(index)}.pdf`;
        await write('upload', name, 'there', () =>
          call('POST', '/account/api/accounts/1001/documents?kind=accounting', {
            token: claire,
            form: pdfForm(name),
          }),
        );
        await pause();
      }
    })(),
    // Rights saves: Claire gives Marc CLKPI0001 on 1001 and takes it back, with the version each time.
    (async () => {
      let version = (await marcOn1001()).version;
      const userId = (await marcOn1001()).userId;
      for (let index = 0; !run.stopped; index += 1) {
        const permissions = index % 2 === 0 ? ['CLGED0002'] : ['CLGED0002', 'CLKPI0001'];
        const answer = await write('rights', 'marc@1001', permissions.join(','), () =>
          call('PUT', `/account/api/accounts/1001/users/${String(userId)}/rights`, {
            token: claire,
            body: { permissions, isSignatory: false, version },
          }),
        );
        version =
          answer.status === 200
            ? (answer.body as Row).version
            : await marcOn1001().then(
                (row) => row.version,
                () => version,
              );
        await pause();
      }
    })(),
    // Favourites: Marc stars and unstars his three entities in turn.
    (async () => {
      for (let index = 0; !run.stopped; index += 1) {
        const entity = [1001, 1002, 1003][index % 3] ?? 1001;
        const favorite = Math.floor(index / 3) % 2 === 0;
        await write('favourite', String(entity), String(favorite), () =>
          call('PUT', `/wallet/api/portfolio/favorites/${String(entity)}`, {
            token: marc,
            body: { favorite },
          }),
        );
        await pause();
      }
    })(),
  ];
  const acked = (kind: Write['kind']) =>
    writes.filter((entry) => entry.kind === kind && entry.status >= 200 && entry.status < 300).length;
  const kinds = ['upload', 'rights', 'favourite'] as const;
  await expect
    .poll(() => Math.min(...kinds.map((kind) => acked(kind))), { intervals: [20] })
    .toBeGreaterThanOrEqual(3);

  // The kill, then the first answer through nginx.
  const writesBefore = writes.length;
  const ackedAtKill = kinds.map((kind) => acked(kind));
  const killedAt = performance.now();
  process.kill(victim.pid, 'SIGKILL');
  let probe: Answer;
  do probe = await call('GET', '/contact/me', { token: claire });
  while (probe.status !== 200 && performance.now() - killedAt < 10_000);
  const firstAnswerMs = Math.round(performance.now() - killedAt);
  expect(probe.status).toBe(200);
  expect(probe.instance).toBe(survivor.name);

  // The writes go on through the survivor: three more of each kind acknowledged, then they stop.
  await expect
    .poll(() => Math.min(...kinds.map((kind, index) => acked(kind) - (ackedAtKill[index] ?? 0))), {
      intervals: [50],
    })
    .toBeGreaterThanOrEqual(3);
  run.stopped = true;
  await Promise.all(writers);
  const failed = writes.filter((entry) => entry.status < 200 || entry.status >= 300);
  console.log(
    `${String(writes.length)} writes (${String(writesBefore)} answered before the kill of ${victim.name}), ` +
      `${String(writes.length - failed.length)} acknowledged; not: ${failed.map((entry) => `${entry.kind} ${String(entry.status)}`).join(', ') || 'none'}`,
  );

  // Read back through the survivor, straight to its port.
  const documents = await call(
    'GET',
    '/account/api/accounts/1001/documents?kind=accounting&q=Kill-&pageSize=100',
    { token: claire, base: survivor.url },
  );
  expect(documents.status).toBe(200);
  const stored = (documents.body as { items: { name: string }[] }).items.map((item) => item.name);
  for (const upload of writes.filter((entry) => entry.kind === 'upload' && entry.status === 201))
    expect(
      stored.filter((name) => name === upload.key),
      `${upload.key}, acknowledged, is there once`,
    ).toHaveLength(1);
  const rights = possibleFinals(writes, 'marc@1001');
  const marcNow = await marcOn1001(survivor.url);
  if (rights !== 'any') expect(rights).toContain([...marcNow.permissions].sort().join(','));
  const favourites = (
    (await call('GET', '/connect/api/get-user-information', { token: marc, base: survivor.url })).body as {
      favoriteEntities: number[];
    }
  ).favoriteEntities;
  for (const entity of ['1001', '1002', '1003']) {
    const possible = possibleFinals(writes, entity);
    if (possible !== 'any')
      expect(possible, `favourite ${entity}`).toContain(String(favourites.includes(Number(entity))));
  }

  // The portal goes on: its event stream opens again on the survivor, a new screen loads with her
  // documents, and nobody asks her to sign in again.
  const streamBack = await page.waitForResponse(
    (response) => isStream(response) && answeredBy(response) === survivor.name,
    { timeout: 30_000 },
  );
  expect(streamBack.status()).toBe(200);
  const streamBackMs = Math.round(performance.now() - killedAt);
  await page.goto('/dossier/1001/comptabilite/archive');
  await expect(page.getByRole('table', { name: 'Documents comptables' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
  // The newest acknowledged upload heads the list (newest first).
  const newest = writes.findLast((entry) => entry.kind === 'upload' && entry.status === 201);
  expect(newest).toBeDefined();
  await expect(
    page.getByRole('table', { name: 'Documents comptables' }).getByText(newest?.key ?? '', { exact: true }),
  ).toBeVisible();

  const takeover: Takeover = { firstAnswerMs, streamBackMs, killed: victim.name, survivor: survivor.name };
  mkdirSync(path.dirname(TAKEOVER_FILE), { recursive: true });
  writeFileSync(TAKEOVER_FILE, JSON.stringify(takeover));
  console.log(
    `takeover after SIGKILL of ${victim.name}: first answer through nginx after ${String(firstAnswerMs)} ms ` +
      `(by ${survivor.name}); the portal's event stream open again after ${String(streamBackMs)} ms`,
  );
});
