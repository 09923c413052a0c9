// The people actions per persona (issue 27, "Done when"): on Boulangerie Martin (1001), who may invite a
// new address, attach an existing person (only ever an invitation), remove a person and edit their rights,
// each asserted by its status. The access matrix (access-matrix.test.ts) says who reaches each route;
// this one says what the people rules then decide, target by target.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connection.ts';
import { call, collaboratorToken, json, login, type Started, startGateway, openTestDb } from './helpers.ts';

const ENTITY = 1001;
const PASSWORD = 'Une phrase de passe 2026';
const PERSONAS = ['claire', 'marc', 'sam', 'nina', 'paul', 'lea', 'remover'] as const;
type Persona = (typeof PERSONAS)[number];
type Action =
  | 'invite'
  | 'attach'
  | 'removeMember'
  | 'removeHolder'
  | 'removeAdministrator'
  | 'editRights'
  | 'grantUnheld';

/**
 * Expected statuses. removeMember: a customer with no code; removeHolder: a customer holding CLGED0002;
 * removeAdministrator: Claire, the entity's only administrator and a signatory; grantUnheld: granting
 * CLEMB001, which no customer of 1001 holds. `remover` is a customer holding only CLUSER003 there.
 */
/** The entity's administrator: every action but removing the only administrator and granting a code not held. */
const ADMINISTRATOR: Record<Action, number> = {
  invite: 201,
  attach: 201,
  removeMember: 204,
  removeHolder: 204,
  removeAdministrator: 409,
  editRights: 200,
  grantUnheld: 403,
};
const REFUSED_EVERYTHING: Record<Action, number> = {
  invite: 403,
  attach: 403,
  removeMember: 403,
  removeHolder: 403,
  removeAdministrator: 403,
  editRights: 403,
  grantUnheld: 403,
};
const EXPECTED: Record<Persona, Record<Action, number>> = {
  claire: ADMINISTRATOR,
  marc: REFUSED_EVERYTHING,
  sam: REFUSED_EVERYTHING,
  nina: REFUSED_EVERYTHING,
  // Unlike Claire, Paul (a collaborator) may grant CLEMB001.
  paul: { ...ADMINISTRATOR, grantUnheld: 200 },
  lea: REFUSED_EVERYTHING,
  remover: {
    invite: 403,
    attach: 403,
    removeMember: 204,
    removeHolder: 403,
    removeAdministrator: 403,
    editRights: 403,
    grantUnheld: 403,
  },
};

let gateway: Started;
let db: Db;
const tokens = new Map<Persona, string>();
let counter = 0;

const idOf = async (email: string) =>
  (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())?.id ?? 0;
const memberships = async (email: string) =>
  db
    .selectFrom('memberships')
    .select('account_id')
    .where('user_id', '=', await idOf(email))
    .orderBy('account_id')
    .execute();
const tokenOf = (persona: Persona) => {
  const token = tokens.get(persona);
  if (token === undefined) throw new Error(`no token for ${persona}`);
  return token;
};

/** A customer who joined 1001 with these codes: invited by Paul, password created through the link. */
async function joined(codes: readonly string[]): Promise<{ email: string; userId: number; version: number }> {
  counter += 1;
  const email = `matrix.${String(counter)}@demo.test`;
  const invited = await call(gateway, 'POST', `/account/api/accounts/${String(ENTITY)}/users`, {
    token: tokenOf('paul'),
    body: { email, firstName: 'Matrix', lastName: String(counter), permissions: codes },
  });
  expect(invited.status).toBe(201);
  const inbox = json<{ messages: { link: string }[] }>(
    await call(gateway, 'GET', `/authentication/api/dev/inbox?email=${encodeURIComponent(email)}`),
  );
  const link = inbox.messages
    .map((message) => new URL(message.link))
    .findLast((url) => url.pathname === '/createPassword');
  const token = link?.searchParams.get('token');
  const created = await call(gateway, 'POST', '/authentication/api/createNewPassword', {
    body: { token, password: PASSWORD },
  });
  expect(created.status).toBe(204);
  const listed = json<{ items: { userId: number | null; email: string; version: number }[] }>(
    await call(gateway, 'GET', `/account/api/accounts/${String(ENTITY)}/users?search=${email}`, {
      token: tokenOf('paul'),
    }),
  ).items.find((row) => row.email === email);
  if (listed?.userId == null) throw new Error(`${email} did not join`);
  return { email, userId: listed.userId, version: listed.version };
}

async function removeAs(persona: Persona, userId: number): Promise<number> {
  const path = `/account/api/accounts/${String(ENTITY)}/users/${String(userId)}`;
  return (await call(gateway, 'DELETE', path, { token: tokenOf(persona) })).status;
}

async function setRightsAs(
  persona: Persona,
  target: { userId: number; version: number },
  permissions: readonly string[],
): Promise<number> {
  const path = `/account/api/accounts/${String(ENTITY)}/users/${String(target.userId)}/rights`;
  const body = { permissions, isSignatory: false, version: target.version };
  return (await call(gateway, 'PUT', path, { token: tokenOf(persona), body })).status;
}

const run: Record<Action, (persona: Persona) => Promise<number>> = {
  invite: async (persona) => {
    counter += 1;
    const answer = await call(gateway, 'POST', `/account/api/accounts/${String(ENTITY)}/users`, {
      token: tokenOf(persona),
      body: { email: `new.${String(counter)}@demo.test`, firstName: 'New', lastName: String(counter) },
    });
    return answer.status;
  },
  attach: async (persona) => {
    // Sam is a customer of other companies: whatever the answer, he is not attached by it.
    const before = await memberships('sam.nousers@demo.test');
    const answer = await call(gateway, 'POST', `/account/api/accounts/${String(ENTITY)}/users`, {
      token: tokenOf(persona),
      body: { email: 'sam.nousers@demo.test', firstName: 'Sam', lastName: 'Guess' },
    });
    expect(await memberships('sam.nousers@demo.test')).toEqual(before);
    // The next persona's attach is a new invitation, not a 409 for the one just made.
    await db.deleteFrom('entity_invitations').where('email', '=', 'sam.nousers@demo.test').execute();
    return answer.status;
  },
  removeMember: async (persona) => removeAs(persona, (await joined([])).userId),
  removeHolder: async (persona) => removeAs(persona, (await joined(['CLGED0002'])).userId),
  removeAdministrator: async (persona) => {
    const status = await removeAs(persona, await idOf('claire.solo@demo.test'));
    expect(await memberships('claire.solo@demo.test')).toContainEqual({ account_id: ENTITY });
    return status;
  },
  editRights: async (persona) => setRightsAs(persona, await joined(['CLGED0002']), ['CLKPI0001']),
  grantUnheld: async (persona) => setRightsAs(persona, await joined([]), ['CLEMB001']),
};

beforeAll(async () => {
  // Every remove and rights case has its target join by creating a password: more than the per-address limit.
  gateway = await startGateway({ limits: { newPasswordPerAddress: { max: 1000, windowMs: 60_000 } } });
  db = await openTestDb(gateway);
  const customers = {
    claire: 'claire.solo@demo.test',
    marc: 'marc.multi@demo.test',
    sam: 'sam.nousers@demo.test',
    nina: 'nina.terms@demo.test',
  } as const;
  for (const [persona, email] of Object.entries(customers))
    tokens.set(persona as Persona, await login(gateway, email));
  tokens.set('paul', await collaboratorToken(gateway, 'paul.collab@demo.test'));
  tokens.set('lea', await collaboratorToken(gateway, 'lea.collab@demo.test'));
  const remover = await joined(['CLUSER003']);
  tokens.set('remover', await login(gateway, remover.email, PASSWORD));
}, 60_000);
afterAll(async () => {
  await db.destroy();
  await gateway.dispose();
});

describe('people actions per persona on 1001', () => {
  for (const persona of PERSONAS)
    it(`${persona}: ${Object.entries(EXPECTED[persona])
      .map(([action, status]) => `${action} ${String(status)}`)
      .join(', ')}`, async () => {
      const actual: Partial<Record<Action, number>> = {};
      for (const action of Object.keys(EXPECTED[persona]) as Action[])
        actual[action] = await run[action](persona);
      expect(actual).toEqual(EXPECTED[persona]);
    });
});
