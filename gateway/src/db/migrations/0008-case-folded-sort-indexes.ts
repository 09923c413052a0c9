// Migration 0008 (issue 28): the names the folder list and a documents page sort by, case aside, indexed as
// the queries now say it on both databases: lower(name). Until now they sorted with SQLite's
// `COLLATE NOCASE`, which PostgreSQL has not (0001's NOCASE indexes stay, for code not converted yet).
// lower() folds ASCII only on SQLite, as NOCASE did: the order is the same there.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

export const caseFoldedSortIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    // The folders of a wallet, by name: walked in this order, up to a page's end.
    await db.schema
      .createIndex('entities_name_lower')
      .ifNotExists()
      .on('entities')
      .expression(sql`lower(name)`)
      .execute();
    // A documents page of one entity and kind, by name.
    await db.schema
      .createIndex('documents_name_lower')
      .ifNotExists()
      .on('documents')
      .columns(['account_id', 'kind'])
      .expression(sql`lower(name)`)
      .execute();
  },
};
