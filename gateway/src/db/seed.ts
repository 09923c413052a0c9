import type { Database } from 'better-sqlite3';
import personas from '../../seed/personas.json' with { type: 'json' };
import { FAVORITE_ENTITIES, MOD_REQUESTS, TERMS, seededReports, slots } from '../../seed/demo-data.ts';
import { recordDataMode } from './data-mode.ts';

// The shared tables a seed wipes, children before parents (the modules' own tables follow in
// seed-modules.ts); the schema itself is made by db/migrations.
const TABLES = [
  'analytics_events',
  'oidc_store',
  'inbox',
  'reset_tokens',
  'retired_tokens',
  'sessions',
  'bookings',
  'slots',
  'mod_requests',
  'deleted_reports',
  'bi_reports',
  'home_layouts',
  'notification_settings',
  'terms_acceptances',
  'terms',
  'memberships',
  'subscriptions',
  'entities',
  'users',
  'meta',
] as const;

const LATEST_TERMS_ID = Math.max(...TERMS.map((terms) => terms.termsId));

// The demo password's hashes, made once per process: a reseed (before each end-to-end test) costs no hashing.
const demoHashes = new Map<(password: string) => Promise<string>, Promise<string[]>>();

function demoPasswordHashes(hash: (password: string) => Promise<string>): Promise<string[]> {
  let made = demoHashes.get(hash);
  if (!made) {
    made = Promise.all(personas.users.map(() => hash(personas.password)));
    demoHashes.set(hash, made);
  }
  return made;
}

/**
 * Wipes the shared tables and seeds them: the terms of use always, the personas and their data only in
 * demo mode. Hashes first (async), then writes everything in one transaction: a crash never leaves half a
 * seed.
 */
export async function seedDatabase(
  db: Database,
  hash: (password: string) => Promise<string>,
  demo: boolean,
  now: Date = new Date(),
): Promise<void> {
  const hashes = demo ? await demoPasswordHashes(hash) : [];
  const seededAt = now.toISOString();

  db.transaction(() => {
    for (const table of TABLES) db.prepare(`DELETE FROM ${table}`).run();
    db.prepare(
      "DELETE FROM sqlite_sequence WHERE name IN ('bi_reports', 'mod_requests', 'bookings', 'inbox')",
    ).run();
    // The terms of use are reference data a firm needs from its first day: the portal sends a customer
    // who has not accepted the latest terms to accept them, and with no terms at all nobody could.
    const insertTerms = db.prepare(
      'INSERT INTO terms (terms_id, version, published_at, content_fr, content_en) VALUES (?, ?, ?, ?, ?)',
    );
    for (const terms of TERMS)
      insertTerms.run(terms.termsId, terms.version, terms.publishedAt, terms.fr, terms.en);
    db.prepare("INSERT INTO meta (key, value) VALUES ('seededAt', ?)").run(seededAt);
    recordDataMode(db, demo ? 'demo' : 'production');
    if (demo) seedDemoData(db, hashes, seededAt, now);
  })();
}

/** The personas, their entities, memberships and requests, and the booking slots: demo mode only. */
function seedDemoData(db: Database, hashes: readonly string[], seededAt: string, now: Date): void {
  const insertEntity = db.prepare(
    'INSERT INTO entities (account_id, account_number, name, is_clarity_visible) VALUES (?, ?, ?, ?)',
  );
  const insertSubscription = db.prepare(
    'INSERT INTO subscriptions (account_id, offer_code, status) VALUES (?, ?, ?)',
  );
  const insertReport = db.prepare(
    'INSERT INTO bi_reports (account_id, title, kind, created_at, created_by) VALUES (?, ?, ?, ?, NULL)',
  );
  for (const entity of personas.entities) {
    insertEntity.run(entity.accountId, entity.accountNumber, entity.name, entity.isClarityVisible ? 1 : 0);
    for (const subscription of entity.subscriptions) {
      insertSubscription.run(entity.accountId, subscription.offerCode, subscription.status);
    }
    for (const report of seededReports(entity.accountId, entity.biReports)) {
      insertReport.run(entity.accountId, report.title, report.kind, report.createdAt);
    }
  }

  const insertUser = db.prepare(
    `INSERT INTO users (id, email, first_name, last_name, is_customer, password_hash, gigya_user_id, office_mobile,
       old_id, global_permissions, favorite_entities) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertMembership = db.prepare(
    'INSERT INTO memberships (user_id, account_id, is_signatory, permissions) VALUES (?, ?, ?, ?)',
  );
  const insertAcceptance = db.prepare(
    'INSERT INTO terms_acceptances (user_id, terms_id, accepted_at) VALUES (?, ?, ?)',
  );
  personas.users.forEach((user, index) => {
    const id = index + 1;
    insertUser.run(
      id,
      user.email,
      user.firstName,
      user.lastName,
      user.isCustomer ? 1 : 0,
      hashes[index],
      user.isCustomer ? `gigya-${user.email.split('@')[0] ?? String(id)}` : '',
      `+33 6 12 34 56 ${String(10 + id)}`,
      90000 + id,
      JSON.stringify(user.globalPermissions),
      JSON.stringify(FAVORITE_ENTITIES[user.email] ?? []),
    );
    for (const membership of user.entities) {
      const isSignatory = 'isSignatory' in membership && membership.isSignatory;
      insertMembership.run(
        id,
        membership.accountId,
        isSignatory ? 1 : 0,
        JSON.stringify(membership.permissions),
      );
    }
    insertAcceptance.run(id, user.acceptedCurrentTerms ? LATEST_TERMS_ID : LATEST_TERMS_ID - 1, seededAt);
  });

  const userIdByEmail = db.prepare<[string], { id: number }>('SELECT id FROM users WHERE email = ?');
  const insertModRequest = db.prepare(
    'INSERT INTO mod_requests (account_id, offer_code, status, comment, requested_by, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const request of MOD_REQUESTS) {
    const requester = userIdByEmail.get(request.requestedByEmail);
    if (requester) {
      insertModRequest.run(
        request.accountId,
        request.offerCode,
        request.status,
        request.comment,
        requester.id,
        request.createdAt,
      );
    }
  }

  const insertSlot = db.prepare(
    'INSERT INTO slots (slot_id, starts_at, ends_at, advisor) VALUES (?, ?, ?, ?)',
  );
  for (const slot of slots(now)) insertSlot.run(slot.slotId, slot.startsAt, slot.endsAt, slot.advisor);
}
