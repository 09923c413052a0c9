// Demo people of the rights screens: more users on the personas' entities (one still invited), the
// collaborators' roles, the firm's administrator (Paul) and a delegation history. Reseeded whenever the
// shared seed ran since (its `seededAt` differs from ours), so a reset wipes what users changed.
import { unusablePasswordHash } from '../auth/passwords.ts';
import { inTransaction, type Db } from '../db/connection.ts';
import { createPeopleStore } from './people-store.ts';

type DemoUser = {
  email: string;
  firstName: string;
  lastName: string;
  entities: readonly { accountId: number; permissions: readonly string[]; isSignatory?: boolean }[];
  /** Days ago of the last sign-in; absent: invited and never signed in. */
  signedInDaysAgo?: number;
};

const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'julie.bernard@demo.test',
    firstName: 'Julie',
    lastName: 'Bernard',
    entities: [
      { accountId: 1002, permissions: ['CLGED0001', 'CLBANK001'] },
      { accountId: 1001, permissions: ['CLGED0002'] },
    ],
    signedInDaysAgo: 3,
  },
  {
    email: 'hugo.roux@demo.test',
    firstName: 'Hugo',
    lastName: 'Roux',
    entities: [{ accountId: 1002, permissions: ['CLGED0001'] }],
  },
  {
    email: 'sophie.martin@demo.test',
    firstName: 'Sophie',
    lastName: 'Martin',
    entities: [{ accountId: 1001, permissions: ['CLBANK001', 'CLKPI0001'], isSignatory: true }],
    signedInDaysAgo: 12,
  },
];

const ROLES: Readonly<Record<string, { role: string; accounts?: readonly number[] }>> = {
  'paul.collab@demo.test': { role: 'partner' },
  'lea.collab@demo.test': { role: 'accountant' },
};

const ADMINS = ['paul.collab@demo.test'];

const days = (now: Date, back: number) => new Date(now.getTime() - back * 86_400_000).toISOString();

/** Outside demo mode a reseed only wipes this module's rows: they would name users that are gone. */
export async function seedPeople(db: Db, now: Date = new Date(), demo = true): Promise<void> {
  const metaValue = async (key: string) =>
    (await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst())?.value;
  const seededAt = await metaValue('seededAt');
  const ours = await metaValue('peopleSeededFor');
  if (seededAt === undefined || ours === seededAt) return;
  await inTransaction(db, async (trx) => {
    const people = createPeopleStore(trx);
    const idOf = (email: string) =>
      trx
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name'])
        .where('email', '=', email)
        .executeTakeFirst();
    await people.clear();
    await trx
      .insertInto('meta')
      .values({ key: 'peopleSeededFor', value: seededAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: seededAt }))
      .execute();
    if (!demo) return;
    const paul = await idOf('paul.collab@demo.test');
    for (const [index, user] of DEMO_USERS.entries()) {
      const existing = await idOf(user.email);
      const id =
        existing?.id ??
        (
          await trx
            .insertInto('users')
            .values({
              email: user.email,
              first_name: user.firstName,
              last_name: user.lastName,
              is_customer: 1,
              password_hash: unusablePasswordHash(),
              gigya_user_id: '',
              office_mobile: '',
              old_id: 0,
              global_permissions: '[]',
              favorite_entities: '[]',
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      await trx
        .updateTable('users')
        .set({ gigya_user_id: `gigya-${String(id)}` })
        .where('id', '=', id)
        .execute();
      for (const membership of user.entities) {
        await trx
          .insertInto('memberships')
          .values({
            user_id: id,
            account_id: membership.accountId,
            is_signatory: membership.isSignatory ? 1 : 0,
            permissions: JSON.stringify(membership.permissions),
          })
          .onConflict((oc) => oc.columns(['user_id', 'account_id']).doNothing())
          .execute();
        if (paul)
          await people.log(
            {
              accountId: membership.accountId,
              actor: paul,
              target: { id, first_name: user.firstName, last_name: user.lastName },
              action: user.signedInDaysAgo === undefined ? 'user.invited' : 'user.added',
              granted: membership.permissions,
            },
            days(now, 40 - index * 7),
          );
      }
      if (user.signedInDaysAgo === undefined) await people.markInvited(id, paul?.id ?? 0, days(now, 5));
      else {
        const at = days(now, user.signedInDaysAgo);
        await trx
          .insertInto('last_sign_ins')
          .values({ user_id: id, at })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ at }))
          .execute();
      }
    }
    for (const [email, { role }] of Object.entries(ROLES)) {
      const user = await idOf(email);
      if (!user) continue;
      // The personas' entities only: the bulk folders of the bench stay without roles.
      const memberships = await trx
        .selectFrom('memberships')
        .select('account_id')
        .where('user_id', '=', user.id)
        .where('account_id', '<', 100000)
        .orderBy('account_id')
        .execute();
      for (const { account_id: accountId } of memberships) {
        await people.setRole(user.id, accountId, role);
        if (paul && user.id !== paul.id)
          await people.log(
            {
              accountId,
              actor: paul,
              target: user,
              action: 'collaborator.assigned',
              granted: [role],
            },
            days(now, 60),
          );
      }
    }
    for (const email of ADMINS) {
      const user = await idOf(email);
      if (user) await people.grantAdmin(user.id, user.id, days(now, 90));
    }
  });
}
