// People and rights against a real gateway: the invitation flow, every SPEC 6 code of the people screens
// (without it 403, with it the call works), the escalation rules with nothing changed, optimistic
// concurrency on rights, and the delegation log with its notification.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, statusOf, json, login, saveRights as saveRightsOf } from '../../test/helpers.ts';
import { gatewaySuite } from '../../test/gateway-suite.ts';
import { codesOfScope } from '../permissions.ts';
import { readFileSync } from 'node:fs';
import { REPO_ROOT } from '../options.ts';

type Page<T> = { items: T[]; currentPage: number; totalPage: number; totalItems: number };
type User = {
  userId: number;
  email: string;
  permissions: string[];
  isSignatory: boolean;
  version: number;
  status: string;
  lastSignInAt: string | null;
};
type Delegation = {
  action: string;
  actor: { userId: number; name: string };
  target: { userId: number; name: string };
  granted: string[];
  revoked: string[];
  at: string;
};

const manifest: unknown = JSON.parse(readFileSync(join(REPO_ROOT, 'portal.config.json'), 'utf8'));
// Each remove and rights case makes its victims join by creating a password: more than the per-address limit.
const kit = gatewaySuite(['paul', 'lea', 'marc', 'claire'], {
  gateway: { limits: { newPasswordPerAddress: { max: 100, windowMs: 60_000 } } },
  db: true,
  timeoutMs: 60_000,
});
const CUSTOMER_CODES = codesOfScope(manifest, 'customer');
const COLLABORATOR_CODES = codesOfScope(manifest, 'collaborator');
const PASSWORD = 'Une phrase de passe 2026';

const idOf = async (email: string) =>
  (await kit.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())?.id ?? 0;
const membershipsOf = (userId: number) =>
  kit.db.selectFrom('memberships').selectAll().where('user_id', '=', userId).orderBy('account_id').execute();

const usersOf = async (accountId: number, token = kit.paul) =>
  json<Page<User>>(
    await call(kit.gateway, 'GET', `/account/api/accounts/${String(accountId)}/users?pageSize=100`, {
      token,
    }),
  ).items;
const userOf = async (accountId: number, email: string) =>
  (await usersOf(accountId)).find((user) => user.email === email);
const logOf = async (accountId: number, query = '') =>
  json<Page<Delegation>>(
    await call(kit.gateway, 'GET', `/account/api/accounts/${String(accountId)}/delegations?${query}`, {
      token: kit.paul,
    }),
  );
const saveRights = (
  token: string,
  accountId: number,
  user: User,
  permissions: string[],
  isSignatory = user.isSignatory,
) => saveRightsOf(kit.gateway, token, accountId, user, permissions, isSignatory);

/** Sets a persona's codes on an entity (and globally for a collaborator) straight in the database. */
async function setCodes(email: string, accountId: number, codes: readonly string[]): Promise<void> {
  const id = await idOf(email);
  await kit.db
    .updateTable('memberships')
    .set({ permissions: JSON.stringify(codes) })
    .where('user_id', '=', id)
    .where('account_id', '=', accountId)
    .execute();
  await kit.db
    .updateTable('users')
    .set({ global_permissions: JSON.stringify(codes) })
    .where('id', '=', id)
    .where('is_customer', '=', 0)
    .execute();
}

describe('invitation', () => {
  it('invites a new customer: the createPassword link in the inbox sets a password and the person signs in', async () => {
    const email = 'invited.person@demo.test';
    const added = await call(kit.gateway, 'POST', '/account/api/accounts/1001/users', {
      token: kit.claire,
      body: { email, firstName: 'Ines', lastName: 'Invitee', permissions: ['CLGED0002'] },
    });
    expect(added.status).toBe(201);
    expect(json<User>(added).status).toBe('invited');
    expect(await userOf(1001, email)).toMatchObject({ status: 'invited', userId: null });
    const inbox = json<{ messages: { link: string; subject: string }[] }>(
      await call(kit.gateway, 'GET', `/authentication/api/dev/inbox?email=${encodeURIComponent(email)}`),
    );
    const link = new URL(inbox.messages[0]?.link ?? '');
    expect(link.pathname).toBe('/createPassword');
    const token = link.searchParams.get('token') ?? '';
    expect(
      await statusOf(kit.gateway, 'POST', '/authentication/api/createNewPassword', {
        body: { token, password: PASSWORD },
      }),
    ).toBe(204);
    await login(kit.gateway, email, PASSWORD);
    const after = await userOf(1001, email);
    expect(after?.status).toBe('active');
    expect(after?.lastSignInAt).not.toBeNull();
    const log = await logOf(1001);
    // Setting the password accepted the invitation: the newest line, after the invitation's.
    expect(log.items.slice(0, 2)).toMatchObject([
      { action: 'invitation.accepted', target: { name: 'Ines Invitee' }, granted: ['CLGED0002'] },
      { action: 'user.invited', target: { name: 'Ines Invitee' }, granted: ['CLGED0002'] },
    ]);
  });
});

describe('the list opened on a person (focus)', () => {
  type Focused = Page<User> & { focusIndex?: number };
  const focused = async (query: string) =>
    json<Focused>(
      await call(kit.gateway, 'GET', `/account/api/accounts/1001/users?pageSize=2&${query}`, {
        token: kit.claire,
      }),
    );

  it('answers the page holding a member or a pending invitation, whatever page was asked, and its place', async () => {
    const email = 'focus.invitee@demo.test';
    const invited = await call(kit.gateway, 'POST', '/account/api/accounts/1001/users', {
      token: kit.claire,
      body: { email, firstName: 'Zoé', lastName: 'Zimmer' },
    });
    expect(invited.status).toBe(201);
    const everyone = await usersOf(1001, kit.claire);
    expect(everyone.length).toBeGreaterThan(4);
    // The last row by name is past the first page of two; the invitation has no id in the list.
    const lastMember = everyone.filter((user) => user.email !== email).at(-1);
    for (const [target, focus] of [
      [lastMember, lastMember?.userId ?? 0],
      [everyone.find((user) => user.email === email), await idOf(email)],
    ] as const) {
      const position = everyone.findIndex((user) => user.email === target?.email);
      const answer = await focused(`page=1&focus=${String(focus)}`);
      expect(answer.currentPage).toBe(Math.floor(position / 2) + 1);
      expect(answer.currentPage).toBeGreaterThan(1);
      expect(answer.items[answer.focusIndex ?? -1]?.email).toBe(target?.email);
    }
    // Someone who is not on the entity: the page asked, nothing focused.
    const stranger = await focused(`page=2&focus=${String(await idOf('sam.nousers@demo.test'))}`);
    expect(stranger.currentPage).toBe(2);
    expect(stranger.focusIndex).toBeUndefined();
  });
});

describe('rights', () => {
  it('saves rights with the version, logs the change and records a Delegation-AddDelegation notification', async () => {
    const julie = await userOf(1002, 'julie.bernard@demo.test');
    if (!julie) throw new Error('Julie is seeded on 1002');
    const saved = await saveRights(kit.paul, 1002, julie, [
      ...julie.permissions.filter((c) => c !== 'CLBANK001'),
      'CLKPI0001',
    ]);
    expect(saved.status).toBe(200);
    expect(json<User>(saved).version).toBe(julie.version + 1);
    const [line] = (await logOf(1002)).items;
    expect(line).toMatchObject({
      action: 'rights.changed',
      actor: { name: 'Paul Collab' },
      target: { name: 'Julie Bernard' },
      granted: ['CLKPI0001'],
      revoked: ['CLBANK001'],
    });
    const notification = await kit.db
      .selectFrom('recorded_notifications')
      .select(['type', 'account_id'])
      .where('user_id', '=', julie.userId)
      .where('type', '=', 'Delegation-AddDelegation')
      // The newest: the demo data may hold older delegations of the same person.
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(notification).toEqual({ type: 'Delegation-AddDelegation', account_id: 1002 });
  });

  it('answers 409 stale_version to the second of two edits from the same version, keeping the first', async () => {
    const sophie = await userOf(1001, 'sophie.martin@demo.test');
    if (!sophie) throw new Error('Sophie is seeded on 1001');
    expect((await saveRights(kit.claire, 1001, sophie, ['CLBANK001'])).status).toBe(200);
    const second = await saveRights(kit.claire, 1001, sophie, ['CLKPI0001', 'CLGED0002']);
    expect(second.status).toBe(409);
    expect(json<{ error: string }>(second).error).toBe('stale_version');
    expect((await userOf(1001, 'sophie.martin@demo.test'))?.permissions).toEqual(['CLBANK001']);
  });

  describe('privilege escalation, each refused with nothing changed', () => {
    it('a customer cannot grant a code they do not hold there', async () => {
      // Marc on 1002: rights management without the bank code.
      await setCodes('marc.multi@demo.test', 1002, ['CLUSER001', 'CLUSER004', 'CLGED0001']);
      const hugo = await userOf(1002, 'hugo.roux@demo.test');
      if (!hugo) throw new Error('Hugo is seeded on 1002');
      const logBefore = (await logOf(1002)).totalItems;
      expect((await saveRights(kit.marc, 1002, hugo, [...hugo.permissions, 'CLBANK001'])).status).toBe(403);
      expect(await userOf(1002, 'hugo.roux@demo.test')).toEqual(hugo);
      expect((await logOf(1002)).totalItems).toBe(logBefore);
      // Nor take one away that they do not hold.
      const julie = await userOf(1002, 'julie.bernard@demo.test');
      if (!julie) throw new Error('Julie is seeded on 1002');
      expect((await saveRights(kit.marc, 1002, julie, [])).status).toBe(403);
    });

    it("nobody edits another tenant's user: not on an entity they are not attached to, not a user of another entity", async () => {
      const sam = await idOf('sam.nousers@demo.test');
      const before = await membershipsOf(sam);
      const forged = { userId: sam, version: 1, isSignatory: false, permissions: [] } as unknown as User;
      // Claire is not attached to 1002, where Sam is.
      expect((await saveRights(kit.claire, 1002, forged, ['CLBANK001'])).status).toBe(403);
      // Sam is not on 1001, where Claire manages rights.
      expect((await saveRights(kit.claire, 1001, forged, ['CLBANK001'])).status).toBe(404);
      expect(await membershipsOf(sam)).toEqual(before);
    });

    it('nobody removes their own last administration right', async () => {
      const self = await userOf(1001, 'claire.solo@demo.test');
      if (!self) throw new Error('Claire is on 1001');
      const answer = await saveRights(
        kit.claire,
        1001,
        self,
        self.permissions.filter((code) => code !== 'CLUSER004' && code !== 'CLADMI001'),
      );
      expect(answer.status).toBe(409);
      expect(json<{ error: string }>(answer).error).toBe('last_admin_right');
      expect((await userOf(1001, 'claire.solo@demo.test'))?.permissions).toEqual(self.permissions);
      expect(
        await statusOf(kit.gateway, 'DELETE', `/account/api/accounts/1001/users/${String(self.userId)}`, {
          token: kit.claire,
        }),
      ).toBe(409);
      const paulId = await idOf('paul.collab@demo.test');
      expect(
        await statusOf(kit.gateway, 'PUT', `/wallet/api/collaborators/${String(paulId)}/admin`, {
          token: kit.paul,
          body: { isAdmin: false },
        }),
      ).toBe(409);
      expect(
        await statusOf(kit.gateway, 'DELETE', `/wallet/api/admin-collaborators/${String(paulId)}`, {
          token: kit.paul,
        }),
      ).toBe(409);
    });
  });
});

describe('delegation history', () => {
  it('filters by person and period, newest first', async () => {
    const julie = await idOf('julie.bernard@demo.test');
    const byJulie = await logOf(1002, `personId=${String(julie)}`);
    expect(byJulie.items.length).toBeGreaterThan(0);
    expect(byJulie.items.every((line) => line.target.userId === julie || line.actor.userId === julie)).toBe(
      true,
    );
    const dates = byJulie.items.map((line) => line.at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const today = new Date().toISOString().slice(0, 10);
    const recent = await logOf(1002, `from=${today}&to=${today}`);
    expect(recent.items.every((line) => line.at.startsWith(today))).toBe(true);
    const none = await logOf(1002, 'from=2001-01-01&to=2001-12-31');
    expect(none.totalItems).toBe(0);
    for (const bad of ['from=2026-02-30', 'to=2026-13-01', 'from=yesterday'])
      expect(
        (await call(kit.gateway, 'GET', `/account/api/accounts/1002/delegations?${bad}`, { token: kit.paul }))
          .status,
        bad,
      ).toBe(400);
  });
});

/** Every code of the people screens: without it 403, with it the call works. */
describe('each SPEC 6 code of the people screens', () => {
  type Case = {
    code: string;
    label?: string;
    /** Codes that would also allow the call: taken away with the code. */
    alternatives?: readonly string[];
    persona: 'marc' | 'lea';
    run: (token: string) => Promise<{ status: number }>;
    ok: number;
  };
  let counter = 0;
  const fresh = (token: string, accountId: number) => {
    counter += 1;
    return call(kit.gateway, 'POST', `/account/api/accounts/${String(accountId)}/users`, {
      token,
      body: { email: `code.case${String(counter)}@demo.test`, firstName: 'Case', lastName: String(counter) },
    });
  };
  /** A customer invited by Paul who joined (by creating their password), for the remove and rights cases. */
  const victim = async (accountId: number) => {
    const { email } = json<User>(await fresh(kit.paul, accountId));
    const inbox = json<{ messages: { link: string }[] }>(
      await call(kit.gateway, 'GET', `/authentication/api/dev/inbox?email=${encodeURIComponent(email)}`),
    );
    const token = new URL(inbox.messages.at(-1)?.link ?? '').searchParams.get('token') ?? '';
    await call(kit.gateway, 'POST', '/authentication/api/createNewPassword', {
      body: { token, password: PASSWORD },
    });
    const joined = await userOf(accountId, email);
    if (!joined) throw new Error(`${email} did not join ${String(accountId)}`);
    return joined;
  };
  /** A case's call as the token's holder; a path needing a fresh victim is worked out as the case runs. */
  const send =
    (method: string, path: string | (() => Promise<string>), body?: unknown) => async (token: string) =>
      call(kit.gateway, method, typeof path === 'string' ? path : await path(), { token, body });
  const cases: Case[] = [
    {
      code: 'CLUSER001',
      alternatives: ['CLADMI001'],
      persona: 'marc',
      ok: 200,
      run: send('GET', '/account/api/accounts/1002/users'),
    },
    { code: 'CLUSER002', alternatives: ['CLADMI001'], persona: 'marc', ok: 201, run: (t) => fresh(t, 1002) },
    {
      code: 'CLUSER003',
      alternatives: ['CLADMI001'],
      persona: 'marc',
      ok: 204,
      run: send(
        'DELETE',
        async () => `/account/api/accounts/1002/users/${String((await victim(1002)).userId)}`,
      ),
    },
    {
      code: 'CLUSER004',
      alternatives: ['CLADMI001'],
      persona: 'marc',
      ok: 200,
      run: async (t) => saveRights(t, 1002, await victim(1002), [], true),
    },
    {
      code: 'CLADMI001',
      alternatives: ['CLUSER001', 'CLUSER002', 'CLUSER003', 'CLUSER004'],
      persona: 'marc',
      ok: 200,
      run: async (t) => saveRights(t, 1002, await victim(1002), ['CLBANK001']),
    },
    {
      code: 'COUSER001',
      persona: 'lea',
      ok: 200,
      run: send('GET', '/account/api/accounts/1001/users'),
    },
    { code: 'COADMI006', persona: 'lea', ok: 201, run: (t) => fresh(t, 1001) },
    {
      code: 'COUSER003',
      persona: 'lea',
      ok: 204,
      run: send(
        'DELETE',
        async () => `/account/api/accounts/1001/users/${String((await victim(1001)).userId)}`,
      ),
    },
    {
      code: 'COADMI005',
      persona: 'lea',
      ok: 200,
      run: async (t) => saveRights(t, 1001, await victim(1001), ['CLKPI0001']),
    },
    {
      code: 'COUSER002',
      persona: 'lea',
      ok: 200,
      run: send('GET', '/wallet/api/accounts/1001/collaborators'),
    },
    {
      code: 'COUSER002',
      label: 'the firm’s collaborators',
      persona: 'lea',
      ok: 200,
      run: send('GET', '/wallet/api/collaborators'),
    },
    {
      code: 'COGES001',
      persona: 'lea',
      ok: 200,
      run: send('GET', '/account/api/accounts/1001/delegations'),
    },
    {
      code: 'COADMI004',
      persona: 'lea',
      ok: 204,
      run: send(
        'PUT',
        async () => `/wallet/api/accounts/1001/collaborators/${String(await idOf('paul.collab@demo.test'))}`,
        { role: 'partner' },
      ),
    },
    {
      code: 'COADMI003',
      persona: 'lea',
      ok: 204,
      run: send(
        'PUT',
        async () => `/wallet/api/collaborators/${String(await idOf('lea.collab@demo.test'))}/admin`,
        { isAdmin: true },
      ),
    },
    {
      code: 'COADMI001',
      persona: 'lea',
      ok: 200,
      run: send('GET', '/wallet/api/admin-collaborators'),
    },
    {
      code: 'COADMI002',
      persona: 'lea',
      ok: 204,
      run: send(
        'DELETE',
        async () => `/wallet/api/admin-collaborators/${String(await idOf('paul.collab@demo.test'))}`,
      ),
    },
    {
      code: 'COADMI007',
      persona: 'lea',
      ok: 201,
      run: send('POST', '/entitycreator/api/entities', {
        accountNumber: 'N-2001',
        name: 'Nouvelle SAS',
        legalForm: 'SAS',
        fiscalYearEnd: '12-31',
      }),
    },
  ];

  for (const testCase of cases) {
    it(`${testCase.code}${testCase.label === undefined ? '' : ` (${testCase.label})`}: refused without it, done with it`, async () => {
      const email = testCase.persona === 'marc' ? 'marc.multi@demo.test' : 'lea.collab@demo.test';
      const accountId = testCase.persona === 'marc' ? 1002 : 1001;
      const all = testCase.persona === 'marc' ? CUSTOMER_CODES : COLLABORATOR_CODES;
      const token = testCase.persona === 'marc' ? kit.marc : kit.lea;
      const without = new Set([testCase.code, ...(testCase.alternatives ?? [])]);
      await setCodes(
        email,
        accountId,
        all.filter((code) => !without.has(code)),
      );
      expect((await testCase.run(token)).status).toBe(403);
      await setCodes(email, accountId, testCase.code === 'CLADMI001' ? ['CLADMI001', 'CLBANK001'] : all);
      expect((await testCase.run(token)).status).toBe(testCase.ok);
    });
  }

  it('the created entity appears in its creator’s wallet', async () => {
    const page = json<Page<{ accountNumber: string }>>(
      await call(kit.gateway, 'GET', '/account/api/accounts/currentuser?pageSize=100', { token: kit.lea }),
    );
    expect(page.items.map((entity) => entity.accountNumber)).toContain('N-2001');
    const again = await call(kit.gateway, 'POST', '/entitycreator/api/entities', {
      token: kit.lea,
      body: { accountNumber: 'n-2001', name: 'Doublon', legalForm: 'SAS', fiscalYearEnd: '12-31' },
    });
    expect(again.status).toBe(409);
  });

  it('creations at once each get their own company file, and a number sent twice at once is taken once', async () => {
    const create = (accountNumber: string) =>
      call(kit.gateway, 'POST', '/entitycreator/api/entities', {
        token: kit.lea,
        body: { accountNumber, name: `Lot ${accountNumber}`, legalForm: 'SARL', fiscalYearEnd: '06-30' },
      });
    const distinct = await Promise.all(
      Array.from({ length: 6 }, (_, index) => create(`LOT-${String(index)}`)),
    );
    expect(distinct.map((response) => response.status)).toEqual(Array(6).fill(201));
    const ids = distinct.map((response) => json<{ accountId: number }>(response).accountId);
    expect(new Set(ids).size).toBe(6);
    const twice = await Promise.all([create('LOT-TWICE'), create('lot-twice')]);
    expect(twice.map((response) => response.status).sort()).toEqual([201, 409]);
  });
});
