// The gateway's one handle on its database: a Kysely instance over the tables of db/tables.ts. Stores take
// it (or a transaction of it, which is the same type) and expose named async operations; no SQL string
// leaves the store files. SQLite (better-sqlite3, the embedded default) and PostgreSQL (node-postgres, for
// several instances) are two dialects of the same instance: a store asks `dialectOf` only where the two
// databases really differ (the folder search, an upsert's conflict target).
import type { Database as SqliteHandle } from 'better-sqlite3';
import { Kysely, SqliteAdapter, SqliteDialect, sql } from 'kysely';
import type { Tables } from './tables.ts';

export type Db = Kysely<Tables>;

export type DialectName = 'sqlite' | 'postgres';

/** A Kysely instance over an open better-sqlite3 handle (one connection; Kysely queues its queries). */
export function sqliteDb(handle: SqliteHandle): Db {
  return new Kysely<Tables>({ dialect: new SqliteDialect({ database: handle }) });
}

/**
 * The same, having run a query: Kysely's driver closes the handle on destroy() only once it used it, and the
 * handle's last close is what checkpoints the WAL into the file.
 */
export async function usedSqliteDb(handle: SqliteHandle): Promise<Db> {
  const db = sqliteDb(handle);
  await sql`SELECT 1`.execute(db);
  return db;
}

export function dialectOf(db: Db): DialectName {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}

/**
 * Runs `work` in a transaction, or in the caller's when `db` already is one. Inside, every query must go
 * through the `trx` given to `work`: on SQLite the one connection is held by the transaction, and a query
 * sent to the outer instance would wait for it for ever.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** A store's operations over the database, and `transaction`, which hands `work` the same operations bound to one. */
export type TransactionalStore<O> = O & {
  transaction: <T>(work: (operations: O) => Promise<T>) => Promise<T>;
};

/**
 * A store made of `operations` over `db`, with `transaction(work)`: `work` gets the same operations bound to
 * one transaction (or to the caller's, inTransaction), and every query of it must go through them.
 */
export function transactionalStore<O extends object>(
  db: Db,
  operations: (db: Db) => O,
): TransactionalStore<O> {
  return {
    ...operations(db),
    transaction: (work) => inTransaction(db, (trx) => work(operations(trx))),
  };
}
