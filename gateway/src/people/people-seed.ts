// Demo people of the rights screens: more users on the personas' entities (one still invited), the
// collaborators' roles, the firm's administrator (Paul) and a delegation history. Reseeded whenever the
// shared seed ran since (its `seededAt` differs from ours), so a reset wipes what users changed.
import type { Database } from 'better-sqlite3';
import { unusablePasswordHash } from '../auth/passwords.ts';
import type { PeopleStore } from './people-store.ts';

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
export function seedPeople(db: Database, people: PeopleStore, now: Date = new Date(), demo = true): void {
  const seededAt = db
    .prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'seededAt'")
    .get()?.value;
  const ours = db
    .prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'peopleSeededFor'")
    .get()?.value;
  if (seededAt === undefined || ours === seededAt) return;
  const idOf = db.prepare<[string], { id: number; first_name: string; last_name: string }>(
    'SELECT id, first_name, last_name FROM users WHERE email = ?',
  );
  db.transaction(() => {
    people.clear();
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('peopleSeededFor', ?)").run(seededAt);
    if (!demo) return;
    const paul = idOf.get('paul.collab@demo.test');
    const insertUser = db.prepare<[string, string, string, string], { id: number }>(
      `INSERT INTO users (email, first_name, last_name, is_customer, password_hash, gigya_user_id, office_mobile, old_id,
         global_permissions, favorite_entities) VALUES (?, ?, ?, 1, ?, '', '', 0, '[]', '[]') RETURNING id`,
    );
    const insertMembership = db.prepare<[number, number, number, string]>(
      'INSERT OR IGNORE INTO memberships (user_id, account_id, is_signatory, permissions) VALUES (?, ?, ?, ?)',
    );
    const setSignIn = db.prepare<[number, string]>(
      'INSERT OR REPLACE INTO last_sign_ins (user_id, at) VALUES (?, ?)',
    );
    for (const [index, user] of DEMO_USERS.entries()) {
      const existing = idOf.get(user.email);
      const id =
        existing?.id ?? insertUser.get(user.email, user.firstName, user.lastName, unusablePasswordHash())?.id;
      if (id === undefined) continue;
      db.prepare('UPDATE users SET gigya_user_id = ? WHERE id = ?').run(`gigya-${String(id)}`, id);
      for (const membership of user.entities) {
        insertMembership.run(
          id,
          membership.accountId,
          membership.isSignatory ? 1 : 0,
          JSON.stringify(membership.permissions),
        );
        if (paul)
          people.log(
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
      if (user.signedInDaysAgo === undefined) people.q.insertInvitation.run(id, paul?.id ?? 0, days(now, 5));
      else setSignIn.run(id, days(now, user.signedInDaysAgo));
    }
    const memberships = db.prepare<[number], { account_id: number }>(
      'SELECT account_id FROM memberships WHERE user_id = ?',
    );
    for (const [email, { role }] of Object.entries(ROLES)) {
      const user = idOf.get(email);
      if (!user) continue;
      // The personas' entities only: the bulk folders of the bench stay without roles.
      for (const { account_id: accountId } of memberships
        .all(user.id)
        .filter((row) => row.account_id < 100000)) {
        people.q.setRole.run(user.id, accountId, role);
        if (paul && user.id !== paul.id)
          people.log(
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
      const user = idOf.get(email);
      if (user) people.q.grantAdmin.run(user.id, user.id, days(now, 90));
    }
  })();
}
