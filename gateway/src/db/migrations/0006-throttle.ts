// Migration 0006 (issue 28): the throttle's counters move from each process's memory to the database, so
// that attempts count across every gateway instance on it. One row per key (an account, an address):
// the moments (ms) of its attempts still in their window, as a JSON array, and the moment the row may go
// (the end of the longest window it was counted in), which the throttle's purge compares with. Written
// with the schema builder: the same migration makes the table on SQLite and on PostgreSQL (bigint: a
// moment in ms does not fit PostgreSQL's integer).
import type { Kysely, Migration } from 'kysely';

export const throttle: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('throttle_counters')
      .ifNotExists()
      .addColumn('key', 'text', (column) => column.primaryKey())
      .addColumn('attempts', 'text', (column) => column.notNull())
      .addColumn('expires_at_ms', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('throttle_counters_expires')
      .ifNotExists()
      .on('throttle_counters')
      .column('expires_at_ms')
      .execute();
  },
};
