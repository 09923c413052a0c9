// The wallet calls against a real gateway with 5,000 extra folders for Paul: search, favourites first,
// the company sheet's checks and versions, MOD request decisions, mandates and their event, and who is refused.
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../events.ts';
import { call, statusOf, json } from '../../test/helpers.ts';
import { gatewaySuite } from '../../test/gateway-suite.ts';

type Page<T> = { items: T[]; currentPage: number; totalPage: number; totalItems: number };
type Folder = { accountId: number; accountNumber: string; name: string; isFavorite: boolean };
type Sheet = Record<string, unknown> & { version: number; legalName: string; companyNumber: string };
type ModRequest = { id: number; accountId: number; offerCode: string; status: string; reason: string };
type Mandate = { id: number; accountId: number; status: string; version: number };

const kit = gatewaySuite(['paul', 'lea', 'marc', 'claire'], {
  gateway: { seedFolders: 5000 },
  timeoutMs: 60_000,
});

const folders = async (token: string, query = '') =>
  json<Page<Folder>>(await call(kit.gateway, 'GET', `/wallet/api/portfolio/folders?${query}`, { token }));

describe('folders', () => {
  it('lists Paul’s 5,004 folders by page and finds one by its number', async () => {
    const all = await folders(kit.paul, 'pageSize=20');
    expect(all.totalItems).toBe(5004);
    expect(all.items).toHaveLength(20);
    const found = await folders(kit.paul, 'q=D-104237');
    expect(found.items.map((folder) => folder.accountNumber)).toEqual(['D-104237']);
    const byName = await folders(kit.paul, 'q=boulangerie%20MARTIN');
    expect(byName.items.map((folder) => folder.accountId)).toEqual([1001]);
  });

  it('searches the same through the trigram index (3 characters or more) as by reading every folder', async () => {
    const every: Folder[] = [];
    for (let page = 1, last = 1; page <= last; page += 1) {
      const answer = await folders(kit.paul, `pageSize=100&page=${String(page)}`);
      every.push(...answer.items);
      last = answer.totalPage;
    }
    const holding = (needle: RegExp) =>
      every.filter((folder) => needle.test(`${folder.name}\n${folder.accountNumber}`)).length;
    const byIndex = await folders(kit.paul, 'q=oul&pageSize=100');
    expect(byIndex.totalItems).toBeGreaterThan(0);
    expect(byIndex.totalItems).toBe(holding(/oul/i));
    expect(byIndex.items.every((folder) => /oul/i.test(`${folder.name} ${folder.accountNumber}`))).toBe(true);
    expect((await folders(kit.paul, 'q=OUL&pageSize=100')).totalItems).toBe(byIndex.totalItems);
    // Under three characters the index cannot help: every folder is read, with the same rule.
    expect((await folders(kit.paul, 'q=ou&pageSize=100')).totalItems).toBe(holding(/ou/i));
    // Wildcards and quotes are searched as they are typed.
    expect((await folders(kit.paul, 'q=%25%25%25')).totalItems).toBe(0);
    expect((await folders(kit.paul, 'q=%22ou%22')).totalItems).toBe(0);
  });

  it('answers a page past the matches with 400, and none on the first page with an empty page', async () => {
    expect((await folders(kit.paul, 'q=zzzzzz')).totalItems).toBe(0);
    const past = await call(kit.gateway, 'GET', '/wallet/api/portfolio/folders?q=D-104237&page=2', {
      token: kit.paul,
    });
    expect(past.status).toBe(400);
  });

  it('puts a starred folder first, whatever the sort, and unstarring puts it back', async () => {
    const star = await call(kit.gateway, 'PUT', '/wallet/api/portfolio/favorites/104237', {
      token: kit.paul,
      body: { favorite: true },
    });
    expect(star.status).toBe(200);
    for (const query of ['sort=name&order=asc', 'sort=accountNumber&order=desc']) {
      const first = (await folders(kit.paul, query)).items[0];
      expect(first).toMatchObject({ accountId: 104237, isFavorite: true });
    }
    await call(kit.gateway, 'PUT', '/wallet/api/portfolio/favorites/104237', {
      token: kit.paul,
      body: { favorite: false },
    });
    expect((await folders(kit.paul, 'sort=name')).items[0]?.accountId).not.toBe(104237);
  });

  it('refuses a favourite on a folder one is not attached to, and the folder list to customers', async () => {
    expect(
      await statusOf(kit.gateway, 'PUT', '/wallet/api/portfolio/favorites/104237', {
        token: kit.lea,
        body: { favorite: true },
      }),
    ).toBe(403);
    expect(await statusOf(kit.gateway, 'GET', '/wallet/api/portfolio/folders', { token: kit.marc })).toBe(
      403,
    );
  });
});

describe('my entities', () => {
  it('gives two entities a page, favourites first', async () => {
    await call(kit.gateway, 'PUT', '/wallet/api/portfolio/favorites/1003', {
      token: kit.marc,
      body: { favorite: true },
    });
    const first = json<Page<Folder>>(
      await call(kit.gateway, 'GET', '/account/api/portfolio/entities', { token: kit.marc }),
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
    const sheet = json<Sheet>(await call(kit.gateway, 'GET', path, { token: kit.paul }));
    const { accountId: _id, updatedAt: _at, ...body } = sheet;
    const invalid = await call(kit.gateway, 'PUT', path, {
      token: kit.paul,
      body: { ...body, companyNumber: '12', postalCode: 'x' },
    });
    expect(invalid.status).toBe(422);
    expect(JSON.stringify(invalid.body)).toContain('companyNumber');
    const saved = await call(kit.gateway, 'PUT', path, {
      token: kit.paul,
      body: { ...body, legalName: 'Boulangerie Martin SAS' },
    });
    expect(saved.status).toBe(200);
    expect(json<Sheet>(saved).version).toBe(sheet.version + 1);
    const stale = await call(kit.gateway, 'PUT', path, {
      token: kit.paul,
      body: { ...body, legalName: 'Autre nom' },
    });
    expect(stale.status).toBe(409);
    expect(json<Sheet>(await call(kit.gateway, 'GET', path, { token: kit.paul })).legalName).toBe(
      'Boulangerie Martin SAS',
    );
  });

  it('lets a customer with CLINFO001 read but not write, and refuses one without it', async () => {
    const sheet = await call(kit.gateway, 'GET', path, { token: kit.claire });
    expect(sheet.status).toBe(200);
    const { accountId: _id, updatedAt: _at, ...body } = json<Sheet>(sheet);
    expect((await call(kit.gateway, 'PUT', path, { token: kit.claire, body })).status).toBe(403);
    expect((await call(kit.gateway, 'GET', path, { token: kit.marc })).status).toBe(403);
  });
});

describe('MOD requests and subscriptions', () => {
  it('validating 1003’s accounting-software request makes the subscription validated; a second decision is 409', async () => {
    const pending = json<Page<ModRequest>>(
      await call(kit.gateway, 'GET', '/offer/api/portfolio/mod-requests?status=pending', { token: kit.paul }),
    ).items.find((request) => request.accountId === 1003);
    expect(pending).toBeDefined();
    const decide = (decision: string, reason?: string) =>
      call(kit.gateway, 'POST', `/offer/api/mod-requests/${String(pending?.id)}/decision`, {
        token: kit.paul,
        body: { decision, ...(reason === undefined ? {} : { reason }) },
      });
    expect((await decide('refused')).status).toBe(422);
    const validated = await decide('validated');
    expect(json<ModRequest>(validated).status).toBe('validated');
    expect((await decide('refused', 'trop tard')).status).toBe(409);
    const summary = json<{ subscriptions: { offerCode: string; status: string }[] }>(
      await call(kit.gateway, 'GET', '/connect/api/accounts/1003/summary', { token: kit.paul }),
    );
    expect(summary.subscriptions).toContainEqual({ offerCode: 'PENNYLANE', status: 'validated' });
  });

  it('a customer with CLOFF001 asks for an offer once; a customer without it, or Lea, is refused', async () => {
    const ask = (token: string, accountId: number) =>
      call(kit.gateway, 'POST', `/offer/api/accounts/${String(accountId)}/offer-requests`, {
        token,
        body: { offerCode: 'PAYROLL' },
      });
    expect((await ask(kit.claire, 1001)).status).toBe(201);
    expect((await ask(kit.claire, 1001)).status).toBe(409);
    expect((await ask(kit.marc, 1003)).status).toBe(403);
    expect((await ask(kit.lea, 1001)).status).toBe(403);
  });

  it('refuses Lea (no codes) every wallet list but the folders', async () => {
    expect((await call(kit.gateway, 'GET', '/wallet/api/portfolio/folders', { token: kit.lea })).status).toBe(
      200,
    );
    for (const path of [
      '/offer/api/portfolio/mod-requests',
      '/wallet/api/portfolio/mandates',
      '/offer/api/portfolio/subscriptions',
    ])
      expect((await call(kit.gateway, 'GET', path, { token: kit.lea })).status, path).toBe(403);
  });
});

describe('mandates', () => {
  it('a status change publishes Mandate-MandateStatusChanged; a stale version is 409 and publishes nothing', async () => {
    const events: DomainEvent[] = [];
    const stop = kit.gateway.events.subscribe((event) => events.push(event));
    const mandate = json<Page<Mandate>>(
      await call(kit.gateway, 'GET', '/wallet/api/portfolio/mandates?q=C-1002&status=active', {
        token: kit.paul,
      }),
    ).items[0];
    expect(mandate).toBeDefined();
    const change = (version: number) =>
      call(kit.gateway, 'PUT', `/wallet/api/mandates/${String(mandate?.id)}/status`, {
        token: kit.paul,
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

describe('an entity’s mandates', () => {
  type EntityMandate = { id: number; type: string; status: string; startsOn: string };
  const entityMandates = (accountId: number, token: string) =>
    call(kit.gateway, 'GET', `/connect/api/accounts/${String(accountId)}/mandates`, { token });

  it('shows a customer with CLINFO001 the status a collaborator just set, and refuses one without it', async () => {
    const before = json<{ items: EntityMandate[] }>(await entityMandates(1001, kit.claire)).items;
    expect(before.length).toBeGreaterThan(0);
    const starts = before.map((mandate) => mandate.startsOn);
    expect(starts).toEqual([...starts].sort().reverse());
    const target = json<Page<Mandate>>(
      await call(kit.gateway, 'GET', '/wallet/api/portfolio/mandates?q=C-1001&pageSize=100', {
        token: kit.paul,
      }),
    ).items.find((mandate) => mandate.status !== 'revoked');
    expect(target).toBeDefined();
    const changed = await call(kit.gateway, 'PUT', `/wallet/api/mandates/${String(target?.id)}/status`, {
      token: kit.paul,
      body: { status: 'revoked', version: target?.version ?? 0 },
    });
    expect(changed.status).toBe(200);
    const after = json<{ items: EntityMandate[] }>(await entityMandates(1001, kit.claire)).items;
    expect(after.find((mandate) => mandate.id === target?.id)?.status).toBe('revoked');
    // Marc is on 1001 without CLINFO001; Claire is not on 1002.
    expect((await entityMandates(1001, kit.marc)).status).toBe(403);
    expect((await entityMandates(1002, kit.claire)).status).toBe(403);
  });
});
