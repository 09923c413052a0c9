// Migration 0010 (issue 28, item 1): e-mail look-ups compare lower(email) with the lower-cased address,
// the same on SQLite and PostgreSQL (which has no NOCASE collation); this index serves them, and keeps an
// address unique whatever its case on PostgreSQL as the NOCASE unique column does on SQLite (SQLite's
// lower() folds the same ASCII letters as NOCASE, so no SQLite database holds two rows it would refuse).
import { sql, type Kysely, type Migration } from 'kysely';

export const userEmailLower: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('users_email_lower')
      .ifNotExists()
      .unique()
      .on('users')
      .expression(sql`lower(email)`)
      .execute();
  },
};
