import { beforeAll, describe, expect, it } from 'vitest';
import { call, invite, statusOf, json, login } from './helpers.ts';
import { gatewaySuite } from './gateway-suite.ts';

type Items<T> = { items: T[] };
type EntityUser = { userId: number; email: string; isSignatory: boolean; permissions: string[] };

const kit = gatewaySuite(['claire', 'marc', 'sam', 'paul', 'lea']);

const NEW_PASSWORD = 'Nouveau-2026!';

/** Claire attaches a new customer to 1001 with these codes; they set a password through the invitation link. */
async function newMemberOf1001(email: string, permissions: string[]): Promise<string> {
  const added = await invite(kit.gateway, kit.claire, 1001, {
    email,
    firstName: 'New',
    lastName: 'Member',
    permissions,
  });
  expect(added.status).toBe(201);
  // The invitation e-mail carries the createPassword link.
  const inbox = json<{ messages: { link: string }[] }>(
    await call(kit.gateway, 'GET', `/authentication/api/dev/inbox?email=${encodeURIComponent(email)}`),
  );
  const token = new URL(inbox.messages[0]?.link ?? '').searchParams.get('token') ?? '';
  const created = await call(kit.gateway, 'POST', '/authentication/api/createNewPassword', {
    body: { token, password: NEW_PASSWORD },
  });
  expect(created.status).toBe(204);
  return login(kit.gateway, email, NEW_PASSWORD);
}

const readRoutes = (id: number) => ({
  users: `/account/api/accounts/${String(id)}/users`,
  bank: `/account/api/accounts/${String(id)}/bank`,
  indicators: `/registry/api/accounts/${String(id)}/indicators`,
  legacyDocuments: `/accounting-integration/api/accounts/${String(id)}/documents?kind=legacy`,
  accountingDocuments: `/accounting-integration/api/accounts/${String(id)}/documents?kind=accounting`,
  socialDocuments: `/accounting-integration/api/accounts/${String(id)}/documents?kind=social-management`,
  delegations: `/account/api/accounts/${String(id)}/delegations`,
});
type ReadRoute = keyof ReturnType<typeof readRoutes>;

async function statuses(token: string, id: number): Promise<Record<ReadRoute, number>> {
  const entries = await Promise.all(
    Object.entries(readRoutes(id)).map(
      async ([name, path]) => [name, (await call(kit.gateway, 'GET', path, { token })).status] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<ReadRoute, number>;
}

const ALL_OK: Record<ReadRoute, number> = {
  users: 200,
  bank: 200,
  indicators: 200,
  legacyDocuments: 200,
  accountingDocuments: 200,
  socialDocuments: 200,
  delegations: 200,
};
const ALL_FORBIDDEN: Record<ReadRoute, number> = {
  users: 403,
  bank: 403,
  indicators: 403,
  legacyDocuments: 403,
  accountingDocuments: 403,
  socialDocuments: 403,
  delegations: 403,
};

describe('entity reads need the entity code', () => {
  it('refuses every read route to a member without codes (Sam on 1004, Lea on 1001)', async () => {
    expect(await statuses(kit.sam, 1004)).toEqual(ALL_FORBIDDEN);
    expect(await statuses(kit.lea, 1001)).toEqual(ALL_FORBIDDEN);
    for (const path of Object.values(readRoutes(1004))) {
      expect((await call(kit.gateway, 'GET', path, { token: kit.sam })).body, path).toEqual({
        error: 'forbidden',
        message: expect.any(String) as string,
      });
    }
  });

  it('answers each route to holders of its code only', async () => {
    // Marc on 1001: CLGED0002, CLKPI0001; social-management documents (payslips) need CLGED0001.
    expect(await statuses(kit.marc, 1001)).toEqual({
      ...ALL_FORBIDDEN,
      indicators: 200,
      legacyDocuments: 200,
      accountingDocuments: 200,
    });
    // Marc on 1002: CLBANK001, CLGED0001, CLRAPP001, CLUSER001.
    expect(await statuses(kit.marc, 1002)).toEqual({
      ...ALL_OK,
      indicators: 403,
      accountingDocuments: 403,
      delegations: 403,
    });
    // Claire on 1001: every client code, but delegations are for collaborators (COGES001).
    expect(await statuses(kit.claire, 1001)).toEqual({ ...ALL_OK, delegations: 403 });
    // Paul holds every collaborator code; SPEC 6 gives social management to CLGED0001 only.
    expect(await statuses(kit.paul, 1001)).toEqual({ ...ALL_OK, socialDocuments: 403 });
    expect(await statuses(kit.paul, 1004)).toEqual({ ...ALL_OK, socialDocuments: 403 });
  });

  it('still answers the right data to holders', async () => {
    const users = json<Items<EntityUser>>(
      await call(kit.gateway, 'GET', '/account/api/accounts/1001/users', { token: kit.claire }),
    );
    expect(users.items.map((user) => user.email)).toContain('marc.multi@demo.test');
    const bank = json<{ accountId: number; accounts: unknown[] }>(
      await call(kit.gateway, 'GET', '/account/api/accounts/1001/bank', { token: kit.claire }),
    );
    expect(bank.accountId).toBe(1001);
    expect(bank.accounts.length).toBeGreaterThan(0);
    const indicators = json<Items<unknown>>(
      await call(kit.gateway, 'GET', '/registry/api/accounts/1001/indicators', { token: kit.marc }),
    );
    expect(indicators.items.length).toBeGreaterThan(0);
  });

  it('serves accounting documents to a holder of CLGEDPEN01 alone (the accounting/documents home widget)', async () => {
    const pen = await newMemberOf1001('pen.only@demo.test', ['CLGEDPEN01']);
    expect(await statuses(pen, 1001)).toEqual({ ...ALL_FORBIDDEN, accountingDocuments: 200 });
    const documents = json<Items<{ kind: string }>>(
      await call(kit.gateway, 'GET', '/accounting-integration/api/accounts/1001/documents?kind=accounting', {
        token: pen,
      }),
    );
    expect(documents.items.every((document) => document.kind === 'accounting')).toBe(true);
  });

  it('lists collaborators by name to every member, with e-mails only for CLUSER001/COUSER001', async () => {
    type Collaborator = { userId: number; firstName: string; lastName: string; email?: string };
    const forSam = json<Items<Collaborator>>(
      await call(kit.gateway, 'GET', '/wallet/api/accounts/1004/collaborators', { token: kit.sam }),
    );
    expect(forSam.items.map((item) => item.firstName)).toEqual(['Paul']);
    expect(forSam.items.every((item) => !('email' in item))).toBe(true);
    const forMarc = json<Items<Collaborator>>(
      await call(kit.gateway, 'GET', '/wallet/api/accounts/1001/collaborators', { token: kit.marc }),
    );
    expect(forMarc.items).toHaveLength(3);
    expect(JSON.stringify(forMarc)).not.toContain('@');
    const forClaire = json<Items<Collaborator>>(
      await call(kit.gateway, 'GET', '/wallet/api/accounts/1001/collaborators', { token: kit.claire }),
    );
    expect(forClaire.items.map((item) => item.email).sort()).toEqual([
      'lea.collab@demo.test',
      // The product owner of the seed is a collaborator of 1001 too.
      'olivia.owner@demo.test',
      'paul.collab@demo.test',
    ]);
    expect(
      await statusOf(kit.gateway, 'GET', '/wallet/api/accounts/1001/collaborators', { token: kit.sam }),
    ).toBe(403);
  });
});

describe('adding a user grants nothing without the rights-management code', () => {
  let adder: string;
  beforeAll(async () => {
    // CLUSER002 (add users) without CLUSER004 (manage user rights).
    adder = await newMemberOf1001('adder.only@demo.test', ['CLUSER002']);
  });

  const usersOf1001 = async () =>
    json<Items<EntityUser>>(
      await call(kit.gateway, 'GET', '/account/api/accounts/1001/users', { token: kit.claire }),
    ).items;

  it('refuses codes or signatory status from a CLUSER002 holder and writes nothing', async () => {
    const before = await usersOf1001();
    for (const grant of [
      { permissions: ['CLADMI001'] },
      { permissions: ['CLUSER004'] },
      { permissions: ['CLGED0002'] },
      { isSignatory: true },
      { permissions: [], isSignatory: true },
    ]) {
      const answer = await invite(kit.gateway, adder, 1001, {
        email: 'escalation@demo.test',
        firstName: 'E',
        lastName: 'S',
        ...grant,
      });
      expect(answer.status, JSON.stringify(grant)).toBe(403);
      expect(answer.body).toEqual({ error: 'forbidden', message: expect.any(String) as string });
    }
    expect(await usersOf1001()).toEqual(before);
    // Nobody was created either: the e-mail is still free for a plain add.
    await expect(login(kit.gateway, 'escalation@demo.test')).rejects.toThrow(/401/);
  });

  it('accepts a plain add (no codes, not signatory) from a CLUSER002 holder', async () => {
    const answer = await invite(kit.gateway, adder, 1001, {
      email: 'plain.add@demo.test',
      firstName: 'Plain',
      lastName: 'Add',
      permissions: [],
      isSignatory: false,
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      email: 'plain.add@demo.test',
      firstName: 'Plain',
      lastName: 'Add',
      isSignatory: false,
      permissions: [],
      status: 'invited',
    });
    const stored = (await usersOf1001()).find((user) => user.email === 'plain.add@demo.test');
    expect(stored).toMatchObject({ isSignatory: false, permissions: [] });
  });

  it('does not reveal the stored names of an existing user the adder cannot see', async () => {
    // Nina is on 1003 only; the adder cannot list anyone.
    const answer = await invite(kit.gateway, adder, 1001, {
      email: 'nina.terms@demo.test',
      firstName: 'Guess',
      lastName: 'Who',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ email: 'nina.terms@demo.test', firstName: 'Guess', lastName: 'Who' });
    expect(JSON.stringify(answer.body)).not.toMatch(/Nina|Terms/);
    // Until she accepts, the list shows what was typed; her stored names are unchanged.
    const nina = (await usersOf1001()).find((user) => user.email === 'nina.terms@demo.test');
    expect(nina).toMatchObject({ firstName: 'Guess', lastName: 'Who', userId: null, lastSignInAt: null });
    const contact = json<{ firstName: string }>(
      await call(kit.gateway, 'GET', '/contact/me', {
        token: await login(kit.gateway, 'nina.terms@demo.test'),
      }),
    );
    expect(contact.firstName).toBe('Nina');
  });

  it('lets holders of CLUSER004 (Claire) or COADMI005 (Paul) grant codes and signatory status', async () => {
    const byClaire = await invite(kit.gateway, kit.claire, 1001, {
      email: 'granted.by.claire@demo.test',
      firstName: 'G',
      lastName: 'C',
      permissions: ['CLGED0002', 'CLBANK001'],
      isSignatory: true,
    });
    expect(byClaire.status).toBe(201);
    expect(byClaire.body).toMatchObject({ isSignatory: true, permissions: ['CLGED0002', 'CLBANK001'] });
    const byPaul = await invite(kit.gateway, kit.paul, 1004, {
      email: 'granted.by.paul@demo.test',
      firstName: 'G',
      lastName: 'P',
      permissions: ['CLKPI0001'],
    });
    expect(byPaul.status).toBe(201);
    // Lea (no codes) cannot add at all; Marc (no CLUSER002 on 1001) neither.
    for (const token of [kit.lea, kit.marc]) {
      expect(
        await statusOf(kit.gateway, 'POST', '/account/api/accounts/1001/users', {
          token,
          body: { email: 'nobody.new@demo.test', firstName: 'N', lastName: 'N' },
        }),
      ).toBe(403);
    }
  });
});

describe('deleting a report checks the entity before the id', () => {
  it('answers 403 to outsiders and non-holders whether or not the report exists, 404 only to holders', async () => {
    const reports = json<Items<{ id: number }>>(
      await call(kit.gateway, 'GET', '/reporting/api/reports?accountId=1004', { token: kit.paul }),
    );
    const id = reports.items[0]?.id ?? 0;
    expect(id).toBeGreaterThan(0);
    const remove = async (token: string, reportId: number) =>
      (await call(kit.gateway, 'DELETE', `/reporting/api/reports/${String(reportId)}`, { token })).status;

    // Marc is not attached to 1004, Sam is but without CORAP003: the same 403 for an existing and an unknown id.
    expect(await remove(kit.marc, id)).toBe(403);
    expect(await remove(kit.marc, 999999)).toBe(403);
    expect(await remove(kit.sam, id)).toBe(403);
    expect(await remove(kit.paul, 999999)).toBe(403);

    expect(await remove(kit.paul, id)).toBe(204);
    expect(await remove(kit.paul, id)).toBe(404);
    // Once deleted, outsiders still learn nothing.
    expect(await remove(kit.marc, id)).toBe(403);
    expect(await remove(kit.sam, id)).toBe(403);
  });
});
