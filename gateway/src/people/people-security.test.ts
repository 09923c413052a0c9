// Issue 27 on people (items 5, 6, 11, 18 and the invitations of 9): an existing person joins an entity
// only by accepting an invitation, and the inviter learns nothing of who the address belongs to; removing
// a person needs the right to remove each of their codes and never takes an entity's last administrator;
// one rule gives collaborators' contacts; a delegation is recorded once for its subject; invitations expire
// and are purged.
import { describe, expect, it } from 'vitest';
import { call, statusOf, json, login, invite as inviteTo, saveRights } from '../../test/helpers.ts';
import { gatewaySuite } from '../../test/gateway-suite.ts';

type Page<T> = { items: T[]; totalItems: number };
type Row = {
  userId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  status: string;
  lastSignInAt: string | null;
  permissions: string[];
  isSignatory: boolean;
  version: number;
};
type Invitation = { invitationId: number; accountId: number; accountName: string; invitedBy: string };

const PASSWORD = 'Une phrase de passe 2026';
const DAY_MS = 86_400_000;

const idOf = async (email: string) =>
  (await kit.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())?.id ?? 0;
const isMember = async (email: string, accountId: number) =>
  (await kit.db
    .selectFrom('memberships')
    .select('user_id')
    .where('user_id', '=', await idOf(email))
    .where('account_id', '=', accountId)
    .executeTakeFirst()) !== undefined;
const setCodes = async (email: string, accountId: number, codes: readonly string[]) => {
  await kit.db
    .updateTable('memberships')
    .set({ permissions: JSON.stringify(codes) })
    .where('user_id', '=', await idOf(email))
    .where('account_id', '=', accountId)
    .execute();
};
/** How many Delegation-AddDelegation notifications the person has (the notification centre records them). */
const delegationsOf = async (userId: number) =>
  Number(
    (
      await kit.db
        .selectFrom('recorded_notifications')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .where('type', '=', 'Delegation-AddDelegation')
        .executeTakeFirstOrThrow()
    ).n,
  );
const invite = (token: string, accountId: number, email: string, extra: object = {}) =>
  inviteTo(kit.gateway, token, accountId, { email, firstName: 'Prénom', lastName: 'Tapé', ...extra });
const rowsOf = async (accountId: number, token = kit.claire) =>
  json<Page<Row>>(
    await call(kit.gateway, 'GET', `/account/api/accounts/${String(accountId)}/users?pageSize=100`, {
      token,
    }),
  ).items;
const invitationsOf = async (token: string) =>
  json<{ items: Invitation[] }>(await call(kit.gateway, 'GET', '/account/api/invitations', { token })).items;
const remove = async (token: string, accountId: number, email: string) =>
  call(
    kit.gateway,
    'DELETE',
    `/account/api/accounts/${String(accountId)}/users/${String(await idOf(email))}`,
    {
      token,
    },
  );

const kit = gatewaySuite(['claire', 'marc', 'sam', 'paul'], {
  gateway: { invitationDays: 20, invitationRetentionDays: 60 },
  db: true,
  timeoutMs: 60_000,
});

describe('item 11: the collaborators’ contacts, one rule for both routes', () => {
  it('gives a customer without a users-view code neither e-mail nor mobile, on the wallet as on the entity', async () => {
    // Sam: CLGED0002 on 1002, nothing on 1004; no CLUSER001 anywhere.
    const perEntity = json<{ items: Record<string, unknown>[] }>(
      await call(kit.gateway, 'GET', '/wallet/api/accounts/1002/collaborators', { token: kit.sam }),
    ).items;
    expect(perEntity.length).toBeGreaterThan(0);
    expect(perEntity.every((item) => !('email' in item) && !('officeMobile' in item))).toBe(true);
    const wallet = json<Page<Record<string, unknown>>>(
      await call(kit.gateway, 'GET', '/wallet/api/collaborators', { token: kit.sam }),
    ).items;
    expect(wallet.length).toBeGreaterThan(0);
    expect(wallet.every((item) => !('email' in item) && !('officeMobile' in item))).toBe(true);
  });

  it('gives them to a holder of CLUSER001 where the collaborator works', async () => {
    // Marc holds CLUSER001 on 1002, where Paul works.
    const wallet = json<Page<{ email?: string }>>(
      await call(kit.gateway, 'GET', '/wallet/api/collaborators', { token: kit.marc }),
    ).items;
    const contacts = wallet.map((item) => item.email);
    expect(contacts).toContain('paul.collab@demo.test');
    // Lea works on 1001 only, where Marc does not see the users.
    expect(contacts).not.toContain('lea.collab@demo.test');
  });
});

describe('item 18: a delegation is recorded once for its subject', () => {
  it('records one Delegation-AddDelegation notification for the person whose rights changed', async () => {
    const sophie = (await rowsOf(1001)).find((row) => row.email === 'sophie.martin@demo.test');
    if (!sophie?.userId) throw new Error('Sophie is seeded on 1001');
    const userId = sophie.userId;
    const count = async () => delegationsOf(userId);
    const before = await count();
    const saved = await saveRights(
      kit.gateway,
      kit.claire,
      1001,
      sophie,
      [...sophie.permissions, 'CLGED0002'],
      true,
    );
    expect(saved.status).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('a collaborator assigned to a folder is told once too (the entity’s customers are not all who hear)', async () => {
    const lea = await idOf('lea.collab@demo.test');
    const count = async () => delegationsOf(lea);
    const before = await count();
    const assigned = await call(
      kit.gateway,
      'PUT',
      `/wallet/api/accounts/1002/collaborators/${String(lea)}`,
      {
        token: kit.paul,
        body: { role: 'assistant' },
      },
    );
    expect(assigned.status).toBe(204);
    expect(await count()).toBe(before + 1);
  });
});

describe('item 6: removing a person', () => {
  it('a customer holding only CLUSER003 cannot remove the administrator and signatory; nothing changes', async () => {
    await setCodes('marc.multi@demo.test', 1001, ['CLUSER003']);
    const answer = await remove(kit.marc, 1001, 'claire.solo@demo.test');
    expect(answer.status).toBe(403);
    expect(await isMember('claire.solo@demo.test', 1001)).toBe(true);
  });

  it('needs the right to remove each of the person’s codes, and signatory status as rights editing does', async () => {
    // Sophie holds CLBANK001, CLKPI0001 and signs; Marc holds CLUSER003 and CLKPI0001 only.
    await setCodes('marc.multi@demo.test', 1001, ['CLUSER003', 'CLKPI0001', 'CLBANK001']);
    expect((await remove(kit.marc, 1001, 'sophie.martin@demo.test')).status).toBe(403);
    expect(await isMember('sophie.martin@demo.test', 1001)).toBe(true);
    // Julie holds CLGED0002 only: with it, Marc removes her.
    await setCodes('marc.multi@demo.test', 1001, ['CLUSER003', 'CLGED0002']);
    expect((await remove(kit.marc, 1001, 'julie.bernard@demo.test')).status).toBe(204);
    expect(await isMember('julie.bernard@demo.test', 1001)).toBe(false);
  });

  it('the last administrator of an entity is not removed, not even by a collaborator (409 with its code)', async () => {
    const answer = await remove(kit.paul, 1001, 'claire.solo@demo.test');
    expect(answer.status).toBe(409);
    expect(json<{ error: string; message: string }>(answer)).toMatchObject({ error: 'last_administrator' });
    expect(await isMember('claire.solo@demo.test', 1001)).toBe(true);
  });
});

describe('item 5: an existing person joins only by accepting an invitation', () => {
  it('answers the same for a customer of other companies, a collaborator and a new address', async () => {
    // Lea (a collaborator) is not on 1003, where Marc may add users.
    await setCodes('marc.multi@demo.test', 1003, ['CLUSER002']);
    const answers = await Promise.all([
      invite(kit.claire, 1001, 'sam.nousers@demo.test'),
      invite(kit.marc, 1003, 'lea.collab@demo.test'),
      invite(kit.claire, 1001, 'brand.new@demo.test'),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(201);
      const body = json<Record<string, unknown>>(answer);
      expect(Object.keys(body).sort()).toEqual(
        ['email', 'expiresAt', 'firstName', 'isSignatory', 'lastName', 'permissions', 'status'].sort(),
      );
      expect(body['status']).toBe('invited');
      // The configured days (20 here, 30 by default).
      expect(Math.abs(Date.parse(String(body['expiresAt'])) - Date.now() - 20 * DAY_MS)).toBeLessThan(60_000);
    }
    // Nobody is attached yet: Sam does not see Claire's company.
    expect(await isMember('sam.nousers@demo.test', 1001)).toBe(false);
    expect(await isMember('lea.collab@demo.test', 1003)).toBe(false);
    const entities = json<Page<{ accountId: number }>>(
      await call(kit.gateway, 'GET', '/account/api/accounts/currentuser?pageSize=100', { token: kit.sam }),
    ).items;
    expect(entities.map((entity) => entity.accountId)).not.toContain(1001);
  });

  it('lists the invitations with only what the inviter typed, each alike', async () => {
    const rows = await rowsOf(1001);
    const invited = rows.filter((row) => row.lastName === 'Tapé');
    expect(invited.map((row) => row.email).sort()).toEqual(['brand.new@demo.test', 'sam.nousers@demo.test']);
    for (const row of invited)
      expect(row).toMatchObject({ userId: null, firstName: 'Prénom', status: 'invited', lastSignInAt: null });
    expect(rows.some((row) => row.firstName === 'Sam' || row.lastName === 'Nousers')).toBe(false);
  });

  it('the invited person sees the invitation, declines one and accepts another; only then is the membership there', async () => {
    // Already a user of 1002: the inviter's own entity, so this may be said.
    await setCodes('marc.multi@demo.test', 1002, ['CLUSER002']);
    expect((await invite(kit.marc, 1002, 'sam.nousers@demo.test')).status).toBe(409);
    expect((await invite(kit.marc, 1003, 'sam.nousers@demo.test')).status).toBe(201);
    const pending = await invitationsOf(kit.sam);
    expect(pending.map((item) => item.accountId).sort()).toEqual([1001, 1003]);
    expect(
      json<Page<Invitation>>(
        await call(kit.gateway, 'GET', '/account/api/invitations', { token: kit.claire }),
      ).items,
    ).toEqual([]);
    const of = (accountId: number) => pending.find((item) => item.accountId === accountId)?.invitationId ?? 0;
    // Nobody else answers for Sam.
    expect(
      await statusOf(kit.gateway, 'POST', `/account/api/invitations/${String(of(1001))}/accept`, {
        token: kit.marc,
      }),
    ).toBe(404);
    expect(
      await statusOf(kit.gateway, 'POST', `/account/api/invitations/${String(of(1003))}/decline`, {
        token: kit.sam,
      }),
    ).toBe(204);
    expect(await isMember('sam.nousers@demo.test', 1003)).toBe(false);
    expect(
      await statusOf(kit.gateway, 'POST', `/account/api/invitations/${String(of(1001))}/accept`, {
        token: kit.sam,
      }),
    ).toBe(204);
    expect(await isMember('sam.nousers@demo.test', 1001)).toBe(true);
    expect(await invitationsOf(kit.sam)).toEqual([]);
    // Accepted: now a user of the entity like any other.
    const row = (await rowsOf(1001)).find((item) => item.email === 'sam.nousers@demo.test');
    expect(row?.userId).toBe(await idOf('sam.nousers@demo.test'));
  });

  it('a brand new person joins when they create their password through the invitation link', async () => {
    const email = 'brand.new@demo.test';
    const inbox = json<{ messages: { link: string }[] }>(
      await call(kit.gateway, 'GET', `/authentication/api/dev/inbox?email=${encodeURIComponent(email)}`),
    );
    const link = new URL(inbox.messages.at(-1)?.link ?? '');
    expect(link.pathname).toBe('/createPassword');
    expect(await isMember(email, 1001)).toBe(false);
    expect(
      await statusOf(kit.gateway, 'POST', '/authentication/api/createNewPassword', {
        body: { token: link.searchParams.get('token'), password: PASSWORD },
      }),
    ).toBe(204);
    expect(await isMember(email, 1001)).toBe(true);
    await login(kit.gateway, email, PASSWORD);
  });
});

describe('item 9: invitations expire and are purged', () => {
  it('an invitation past its days is neither listed nor accepted; expired and declined ones go after the retention', async () => {
    await setCodes('marc.multi@demo.test', 1003, ['CLUSER002', 'CLUSER001']);
    expect((await invite(kit.marc, 1003, 'claire.solo@demo.test')).status).toBe(201);
    const [pending] = await invitationsOf(kit.claire);
    if (!pending) throw new Error('Claire is invited to 1003');
    const age = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    await kit.db
      .updateTable('entity_invitations')
      .set({ created_at: age(21), expires_at: age(1) })
      .where('id', '=', pending.invitationId)
      .execute();
    expect(await invitationsOf(kit.claire)).toEqual([]);
    expect((await rowsOf(1003, kit.marc)).some((row) => row.email === 'claire.solo@demo.test')).toBe(false);
    expect(
      await statusOf(kit.gateway, 'POST', `/account/api/invitations/${String(pending.invitationId)}/accept`, {
        token: kit.claire,
      }),
    ).toBe(404);
    // Within the retention the expired row stays (a new invitation is possible at once); beyond it, it goes.
    const rows = async () =>
      Number(
        (
          await kit.db
            .selectFrom('entity_invitations')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await rows();
    await kit.db
      .updateTable('entity_invitations')
      .set({ expires_at: age(61) })
      .where('id', '=', pending.invitationId)
      .execute();
    await kit.db
      .updateTable('entity_invitations')
      .set({ decided_at: age(61) })
      .where('status', '=', 'declined')
      .execute();
    // Any invitation purges what is past the retention.
    expect((await invite(kit.claire, 1001, 'someone.else@demo.test')).status).toBe(201);
    expect(await rows()).toBe(before + 1 - 2);
  });
});
