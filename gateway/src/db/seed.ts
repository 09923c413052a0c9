import { sql } from 'kysely';
import personas from '../../seed/personas.json' with { type: 'json' };
import { FAVORITE_ENTITIES, MOD_REQUESTS, TERMS, seededReports, slots } from '../../seed/demo-data.ts';
import type { Tables } from './tables.ts';
import { dialectOf, inTransaction, type Db } from './connection.ts';
import { recordDataMode } from './data-mode.ts';

// The shared tables a seed wipes, children before parents (the modules' own tables follow in
// ../seed-modules.ts); the schema itself is made by db/migrations.
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
] as const satisfies readonly (keyof Tables)[];

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

/** The tables whose ids a seed numbers from 1 again (the demo's reports, requests, bookings, e-mails). */
const RENUMBERED = [
  ['bi_reports', 'id'],
  ['mod_requests', 'id'],
  ['bookings', 'booking_id'],
  ['inbox', 'id'],
] as const;

/** Numbers the ids of RENUMBERED from 1 again (the tables are empty). */
async function restartIds(db: Db): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    await sql`DELETE FROM sqlite_sequence WHERE name IN (${sql.join(RENUMBERED.map(([table]) => table))})`.execute(
      db,
    );
    return;
  }
  // PostgreSQL: identity columns restart.
  for (const [table, column] of RENUMBERED)
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN ${sql.ref(column)} RESTART WITH 1`.execute(db);
}

/**
 * `now` stamps the seed itself (`seededAt`, the marker by which each module's seed notices a reseed: the
 * real time, so two seeds never share it); `demoNow` dates the demo data (GATEWAY_DEMO_TODAY).
 */
type SeedClocks = { now?: Date; demoNow?: Date };

/**
 * Wipes the shared tables and seeds them: the terms of use always, the personas and their data only in
 * demo mode. Hashes first (async), then writes everything in one transaction: a crash never leaves half a
 * seed.
 */
export async function seedDatabase(
  db: Db,
  hash: (password: string) => Promise<string>,
  demo: boolean,
  { now = new Date(), demoNow = now }: SeedClocks = {},
): Promise<void> {
  const hashes = demo ? await demoPasswordHashes(hash) : [];
  const seededAt = now.toISOString();

  await inTransaction(db, async (trx) => {
    for (const table of TABLES) await trx.deleteFrom(table).execute();
    await restartIds(trx);
    // The terms of use are reference data a firm needs from its first day: the portal sends a customer
    // who has not accepted the latest terms to accept them, and with no terms at all nobody could.
    await trx
      .insertInto('terms')
      .values(
        TERMS.map((terms) => ({
          terms_id: terms.termsId,
          version: terms.version,
          published_at: terms.publishedAt,
          content_fr: terms.fr,
          content_en: terms.en,
        })),
      )
      .execute();
    await trx.insertInto('meta').values({ key: 'seededAt', value: seededAt }).execute();
    await recordDataMode(trx, demo ? 'demo' : 'production');
    if (demo) await seedDemoData(trx, hashes, demoNow);
  });
}

/** The personas, their entities, memberships and requests, and the booking slots: demo mode only. */
async function seedDemoData(db: Db, hashes: readonly string[], now: Date): Promise<void> {
  for (const entity of personas.entities) {
    await db
      .insertInto('entities')
      .values({
        account_id: entity.accountId,
        account_number: entity.accountNumber,
        name: entity.name,
        is_clarity_visible: entity.isClarityVisible ? 1 : 0,
      })
      .execute();
    for (const subscription of entity.subscriptions)
      await db
        .insertInto('subscriptions')
        .values({
          account_id: entity.accountId,
          offer_code: subscription.offerCode,
          status: subscription.status,
        })
        .execute();
    for (const report of seededReports(entity.accountId, entity.biReports))
      await db
        .insertInto('bi_reports')
        .values({
          account_id: entity.accountId,
          title: report.title,
          kind: report.kind,
          created_at: report.createdAt,
          created_by: null,
        })
        .execute();
  }

  for (const [index, user] of personas.users.entries()) {
    const id = index + 1;
    await db
      .insertInto('users')
      .values({
        id,
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
        is_customer: user.isCustomer ? 1 : 0,
        password_hash: hashes[index] ?? '',
        gigya_user_id: user.isCustomer ? `gigya-${user.email.split('@')[0] ?? String(id)}` : '',
        office_mobile: `+33 6 12 34 56 ${String(10 + id)}`,
        old_id: 90000 + id,
        global_permissions: JSON.stringify(user.globalPermissions),
        favorite_entities: JSON.stringify(FAVORITE_ENTITIES[user.email] ?? []),
      })
      .execute();
    for (const membership of user.entities) {
      const isSignatory = 'isSignatory' in membership && membership.isSignatory;
      await db
        .insertInto('memberships')
        .values({
          user_id: id,
          account_id: membership.accountId,
          is_signatory: isSignatory ? 1 : 0,
          permissions: JSON.stringify(membership.permissions),
        })
        .execute();
    }
    await db
      .insertInto('terms_acceptances')
      .values({
        user_id: id,
        terms_id: user.acceptedCurrentTerms ? LATEST_TERMS_ID : LATEST_TERMS_ID - 1,
        accepted_at: now.toISOString(),
      })
      .execute();
  }

  for (const request of MOD_REQUESTS) {
    const requester = await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(request.requestedByEmail)])))
      .executeTakeFirst();
    if (requester)
      await db
        .insertInto('mod_requests')
        .values({
          account_id: request.accountId,
          offer_code: request.offerCode,
          status: request.status,
          comment: request.comment,
          requested_by: requester.id,
          created_at: request.createdAt,
        })
        .execute();
  }

  const demoSlots = slots(now).map((slot) => ({
    slot_id: slot.slotId,
    starts_at: slot.startsAt,
    ends_at: slot.endsAt,
    advisor: slot.advisor,
  }));
  if (demoSlots.length > 0) await db.insertInto('slots').values(demoSlots).execute();
}
