// The wallet calls against a real gateway with 5,000 extra folders for Paul: search, favourites first,
// the company sheet's checks and versions, MOD request decisions, mandates and their event, and who is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../events.ts';
import { call, collaboratorToken, json, login, type Started, startGateway } from '../../test/helpers.ts';

type Page<T> = { items: T[]; currentPage: number; totalPage: number; totalItems: number };
type Folder = { accountId: number; accountNumber: string; name: string; isFavorite: boolean };
type Sheet = Record<string, unknown> & { version: number; legalName: string; companyNumber: string };
type ModRequest = { id: number; accountId: number; offerCode: string; status: string; reason: string };
type Mandate = { id: number; accountId: number; status: string; version: number };

let gateway: Started;
let paul: string;
let lea: string;
let marc: string;
let claire: string;
beforeAll(async () => {
  gateway = await startGateway({ seedFolders: 5000 });
  paul = await collaboratorToken(gateway, 'paul.collab@demo.test');
  lea = await collaboratorToken(gateway, 'lea.collab@demo.test');
  marc = await login(gateway, 'marc.multi@demo.test');
  claire = await login(gateway, 'claire.solo@demo.test');
}, 60_000);
afterAll(async () => {
  await gateway.dispose();
});

const folders = async (token: string, query = '') =>
  json<Page<Folder>>(await call(gateway, 'GET', `/wallet/api/portfolio/folders?${query}`, { token }));

describe('folders', () => {
  it('lists Paul’s 5,004 folders by page and finds one by its number', async () => {
    const all = await folders(paul, 'pageSize=20');
    expect(all.totalItems).toBe(5004);
    expect(all.items).toHaveLength(20);
    const found = await folders(paul, 'q=D-104237');
    expect(found.items.map((folder) => folder.accountNumber)).toEqual(['D-104237']);
    const byName = await folders(paul, 'q=boulangerie%20MARTIN');
    expect(byName.items.map((folder) => folder.accountId)).toEqual([1001]);
  });

  it('searches the same through the trigram index (3 characters or more) as by reading every folder', async () => {
    const every: Folder[] = [];
    for (let page = 1, last = 1; page <= last; page += 1) {
      const answer = await folders(paul, `pageSize=100&page=${String(page)}`);
      every.push(...answer.items);
      last = answer.totalPage;
    }
    const holding = (needle: RegExp) =>
      every.filter((folder) => needle.test(`${folder.name}\n${folder.accountNumber}`)).length;
    const byIndex = await folders(paul, 'q=oul&pageSize=100');
    expect(byIndex.totalItems).toBeGreaterThan(0);
    expect(byIndex.totalItems).toBe(holding(/oul/i));
    expect(byIndex.items.every((folder) => /oul/i.test(`${folder.name} ${folder.accountNumber}`))).toBe(true);
    expect((await folders(paul, 'q=OUL&pageSize=100')).totalItems).toBe(byIndex.totalItems);
    // Under three characters the index cannot help: every folder is read, with the same rule.
    expect((await folders(paul, 'q=ou&pageSize=100')).totalItems).toBe(holding(/ou/i));
    // Wildcards and quotes are searched as they are typed.
    expect((await folders(paul, 'q=%25%25%25')).totalItems).toBe(0);
    expect((await folders(paul, 'q=%22ou%22')).totalItems).toBe(0);
  });

  it('answers a page past the matches with 400, and none on the first page with an empty page', async () => {
    expect((await folders(paul, 'q=zzzzzz')).totalItems).toBe(0);
    const past = await call(gateway, 'GET', '/wallet/api/portfolio/folders?q=D-104237&page=2', {
      token: paul,
    });
    expect(past.status).toBe(400);
  });

  it('puts a starred folder first, whatever the sort, and unstarring puts it back', async () => {
    const star = await call(gateway, 'PUT', '/wallet/api/portfolio/favorites/104237', {
      token: paul,
      body: { favorite: true },
    });
    expect(star.status).toBe(200);
    for (const query of ['sort=name&order=asc', 'sort=accountNumber&order=desc']) {
      const first = (await folders(paul, query)).items[0];
      expect(first).toMatchObject({ accountId: 104237, isFavorite: true });
    }
    await call(gateway, 'PUT', '/wallet/api/portfolio/favorites/104237', {
      token: paul,
      body: { favorite: false },
    });
    expect((await folders(paul, 'sort=name')).items[0]?.accountId).not.toBe(104237);
  });

  it('refuses a favourite on a folder one is not attached to, and the folder list to customers', async () => {
    expect(
      (
        await call(gateway, 'PUT', '/wallet/api/portfolio/favorites/104237', {
          token: lea,
          body: { favorite: true },
        })
      ).status,
    ).toBe(403);
    expect((await call(gateway, 'GET', '/wallet/api/portfolio/folders', { token: marc })).status).toBe(403);
  });
});

describe('my entities', () => {
  it('gives two entities a page, favourites first', async () => {
    await call(gateway, 'PUT', '/wallet/api/portfolio/favorites/1003', {
      token: marc,
      body: { favorite: true },
    });
    const first = json<Page<Folder>>(
      await call(gateway, 'GET', '/account/api/portfolio/entities', { token: marc }),
    );
    expect(first.totalItems).toBe(3);
    expect(first.items).toHaveLength(2);
    // Marc's seeded favourite is 1002; with 1003 starred, both come before 1001 though 1001 sorts first by name.
    expect(first.items.map((entity) => [entity.accountId, entity.isFavorite])).toEqual([
      [1002, true],
      [1003, true],
    ]);
  });
});

describe('company sheet', () => {
  const path = '/connect/api/accounts/1001/company-sheet';

  it('refuses invalid fields with 422 and a stale version with 409, writing nothing', async () => {
    const sheet = json<Sheet>(await call(gateway, 'GET', path, { token: paul }));
    const { accountId: _id, updatedAt: _at, ...body } = sheet;
    const invalid = await call(gateway, 'PUT', path, {
      token: paul,
      body: { ...body, companyNumber: '12', postalCode: 'x' },
    });
    expect(invalid.status).toBe(422);
    expect(JSON.stringify(invalid.body)).toContain('companyNumber');
    const saved = await call(gateway, 'PUT', path, {
      token: paul,
      body: { ...body, legalName: 'Boulangerie Martin SAS' },
    });
    expect(saved.status).toBe(200);
    expect(json<Sheet>(saved).version).toBe(sheet.version + 1);
    const stale = await call(gateway, 'PUT', path, {
      token: paul,
      body: { ...body, legalName: 'Autre nom' },
    });
    expect(stale.status).toBe(409);
    expect(json<Sheet>(await call(gateway, 'GET', path, { token: paul })).legalName).toBe(
      'Boulangerie Martin SAS',
    );
  });

  it('lets a customer with CLINFO001 read but not write, and refuses one without it', async () => {
    const sheet = await call(gateway, 'GET', path, { token: claire });
    expect(sheet.status).toBe(200);
    const { accountId: _id, updatedAt: _at, ...body } = json<Sheet>(sheet);
    expect((await call(gateway, 'PUT', path, { token: claire, body })).status).toBe(403);
    expect((await call(gateway, 'GET', path, { token: marc })).status).toBe(403);
  });
});

describe('MOD requests and subscriptions', () => {
  it('validating 1003’s accounting-software request makes the subscription validated; a second decision is 409', async () => {
    const pending = json<Page<ModRequest>>(
      await call(gateway, 'GET', '/offer/api/portfolio/mod-requests?status=pending', { token: paul }),
    ).items.find((request) => request.accountId === 1003);
    expect(pending).toBeDefined();
    const decide = (decision: string, reason?: string) =>
      call(gateway, 'POST', `/offer/api/mod-requests/${String(pending?.id)}/decision`, {
        token: paul,
        body: { decision, ...(reason === undefined ? {} : { reason }) },
      });
    expect((await decide('refused')).status).toBe(422);
    const validated = await decide('validated');
    expect(json<ModRequest>(validated).status).toBe('validated');
    expect((await decide('refused', 'trop tard')).status).toBe(409);
    const summary = json<{ subscriptions: { offerCode: string; status: string }[] }>(
      await call(gateway, 'GET', '/connect/api/accounts/1003/summary', { token: paul }),
    );
    expect(summary.subscriptions).toContainEqual({ offerCode: 'PENNYLANE', status: 'validated' });
  });

  it('a customer with CLOFF001 asks for an offer once; a customer without it, or Lea, is refused', async () => {
    const ask = (token: string, accountId: number) =>
      call(gateway, 'POST', `/offer/api/accounts/${String(accountId)}/offer-requests`, {
        token,
        body: { offerCode: 'PAYROLL' },
      });
    expect((await ask(claire, 1001)).status).toBe(201);
    expect((await ask(claire, 1001)).status).toBe(409);
    expect((await ask(marc, 1003)).status).toBe(403);
    expect((await ask(lea, 1001)).status).toBe(403);
  });

  it('refuses Lea (no codes) every wallet list but the folders', async () => {
    expect((await call(gateway, 'GET', '/wallet/api/portfolio/folders', { token: lea })).status).toBe(200);
    for (const path of [
      '/offer/api/portfolio/mod-requests',
      '/wallet/api/portfolio/mandates',
      '/offer/api/portfolio/subscriptions',
    ])
      expect((await call(gateway, 'GET', path, { token: lea })).status, path).toBe(403);
  });
});

describe('mandates', () => {
  it('a status change publishes Mandate-MandateStatusChanged; a stale version is 409 and publishes nothing', async () => {
    const events: DomainEvent[] = [];
    const stop = gateway.events.subscribe((event) => events.push(event));
    const mandate = json<Page<Mandate>>(
      await call(gateway, 'GET', '/wallet/api/portfolio/mandates?q=C-1002&status=active', { token: paul }),
    ).items[0];
    expect(mandate).toBeDefined();
    const change = (version: number) =>
      call(gateway, 'PUT', `/wallet/api/mandates/${String(mandate?.id)}/status`, {
        token: paul,
        body: { status: 'suspended', version },
      });
    const changed = await change(mandate?.version ?? 0);
    expect(json<Mandate>(changed)).toMatchObject({
      status: 'suspended',
      version: (mandate?.version ?? 0) + 1,
    });
    expect((await change(mandate?.version ?? 0)).status).toBe(409);
    stop();
    expect(events).toEqual([
      expect.objectContaining({
        type: 'Mandate-MandateStatusChanged',
        accountId: 1002,
        subjectId: mandate?.id,
      }),
    ]);
  });
});
