// The volume a demo seed may add for the scale bench (issue 28, item 7): folders attached to Paul,
// documents spread over them, customers on them and notifications for Claire. Each feature's seed file adds
// its own share (portfolio, documents, people, notifications); this is what they agree on, so that none
// imports another.
import { sql } from 'kysely';
import { dialectOf, type Db } from '../db/connection.ts';

/** How much a demo seed adds (GATEWAY_SEED_FOLDERS, _DOCUMENTS, _USERS, _NOTIFICATIONS); 0 adds nothing. */
export type SeedVolume = { folders: number; documents: number; users: number; notifications: number };

export const NO_VOLUME: SeedVolume = { folders: 0, documents: 0, users: 0, notifications: 0 };

/** The first bulk folder's account_id; the others follow. Every row at or above it is the bulk seed's. */
export const BULK_FIRST_ID = 100001;

/** The first bulk user's id, far above the personas' and the demo users'. */
export const BULK_FIRST_USER_ID = 1_000_001;

/**
 * Rows per INSERT for a table of `columns` columns: under 30,000 parameters, below SQLite's limit (32,766)
 * and PostgreSQL's (65,535), so that a million rows take a few hundred statements.
 */
export const rowsPerInsert = (columns: number) => Math.floor(30_000 / columns);

/**
 * Calls `insert` with the numbers 0 to `count` - 1, in order, as many at a time as one INSERT of rows of
 * `columns` columns takes (rowsPerInsert).
 */
export async function inBatches(
  count: number,
  columns: number,
  insert: (numbers: number[]) => Promise<void>,
): Promise<void> {
  const batch = rowsPerInsert(columns);
  for (let start = 0; start < count; start += batch)
    await insert(Array.from({ length: Math.min(batch, count - start) }, (_, n) => start + n));
}

/**
 * Whether the bulk rows under `key` must be (re)made: their meta row (gone after the shared seed ran, or
 * holding another volume) differs from `value`.
 */
export async function bulkSeedNeeded(db: Db, key: string, value: string): Promise<boolean> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value !== value;
}

/** Records that the bulk rows under `key` are those of `value` (in the seeding transaction). */
export async function markBulkSeeded(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/**
 * After bulk rows went in on PostgreSQL, what autovacuum does to a live database, now rather than some
 * minutes later: the trigram indexes' pending lists merged (until then every folder search reads the
 * unsorted list: 30 ms over 20,000 fresh folders, against 0.3 ms over 100,000 vacuumed ones), the
 * visibility map set (index-only scans) and the statistics the planner counts rows by. SQLite needs none.
 */
export async function settleBulkRows(db: Db): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`VACUUM (ANALYZE) entities, memberships, users, documents, recorded_notifications`.execute(db);
}
