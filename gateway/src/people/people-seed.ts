// Demo people of the rights screens: more users on the personas' entities (one still invited), the
// collaborators' roles, the firm's administrator (Paul) and a delegation history. Reseeded whenever the
// shared seed ran since (its `seededAt` differs from ours), so a reset wipes what users changed.
import { unusablePasswordHash } from '../auth/passwords.ts';
import { inTransaction, type Db } from '../db/connection.ts';
import {
  BULK_FIRST_ID,
  BULK_FIRST_USER_ID,
  bulkSeedNeeded,
  inBatches,
  markBulkSeeded,
  rowsPerInsert,
  type SeedVolume,
} from '../kernel/bulk-seed.ts';
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

const FIRST_NAMES = ['Camille', 'Louis', 'Emma', 'Hugo', 'Léa', 'Jules', 'Chloé', 'Lucas', 'Inès', 'Nathan', 'Manon', 'Théo', 'Sarah', 'Antoine', 'Zoé'] as const; // prettier-ignore
const LAST_NAMES = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefebvre', 'Michel', 'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier', 'Morel', 'Girard', 'André'] as const; // prettier-ignore
/** A bulk customer's codes on each of their folders: users, documents, bank. */
const BULK_PERMISSIONS = JSON.stringify(['CLUSER001', 'CLGED0001', 'CLGED0002', 'CLBANK001']);
/** Folders per bulk user, in a row: with one user per ten folders, every folder has two of them. */
const FOLDERS_PER_USER = 20;
const BULK_USERS_MARKER = 'bulkUsersSeeded';

/**
 * The scale bench's customers (GATEWAY_SEED_USERS): `volume.users` users who cannot sign in, each a member
 * of twenty bulk folders in a row (user n from folder 10n on), every other one signed in lately.
 */
export async function seedBulkUsers(db: Db, volume: SeedVolume, now: Date = new Date()): Promise<boolean> {
  const { folders, users } = volume;
  const value = `${String(users)} over ${String(folders)}`;
  if (!(await bulkSeedNeeded(db, BULK_USERS_MARKER, value))) return false;
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('last_sign_ins').where('user_id', '>=', BULK_FIRST_USER_ID).execute();
    await trx.deleteFrom('memberships').where('user_id', '>=', BULK_FIRST_USER_ID).execute();
    await trx.deleteFrom('users').where('id', '>=', BULK_FIRST_USER_ID).execute();
    // One hash for all: they never sign in, and a hash each would cost more than the rows.
    const passwordHash = unusablePasswordHash();
    await inBatches(users, 11, async (numbers) => {
      await trx
        .insertInto('users')
        .values(
          numbers.map((n) => ({
            id: BULK_FIRST_USER_ID + n,
            email: `client${String(n + 1)}@bulk.demo.test`,
            first_name: FIRST_NAMES[n % FIRST_NAMES.length] ?? '',
            last_name: LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length] ?? '',
            is_customer: 1,
            password_hash: passwordHash,
            gigya_user_id: `gigya-bulk-${String(n + 1)}`,
            office_mobile: '',
            old_id: 0,
            global_permissions: '[]',
            favorite_entities: '[]',
          })),
        )
        .execute();
      const signedIn = numbers.filter((n) => n % 2 === 0);
      if (signedIn.length > 0)
        await trx
          .insertInto('last_sign_ins')
          .values(signedIn.map((n) => ({ user_id: BULK_FIRST_USER_ID + n, at: days(now, n % 90) })))
          .execute();
      if (folders === 0) return;
      const memberships = numbers.flatMap((n) => {
        const own = new Set(Array.from({ length: FOLDERS_PER_USER }, (_, k) => (n * 10 + k) % folders));
        return [...own].map((folder) => ({
          user_id: BULK_FIRST_USER_ID + n,
          account_id: BULK_FIRST_ID + folder,
          is_signatory: folder === (n * 10) % folders ? 1 : 0,
          permissions: BULK_PERMISSIONS,
        }));
      });
      const perInsert = rowsPerInsert(4);
      for (let from = 0; from < memberships.length; from += perInsert)
        await trx
          .insertInto('memberships')
          .values(memberships.slice(from, from + perInsert))
          .execute();
    });
    await markBulkSeeded(trx, BULK_USERS_MARKER, value);
  });
  return true;
}
