// The gateway on PostgreSQL (GATEWAY_DATABASE_URL=postgres://…): Kysely's PostgresDialect over a
// node-postgres pool. The tables of db/tables.ts are typed for both databases, so what PostgreSQL answers
// must look, from JS, like what SQLite answers: int8 (COUNT(*), SUM of an integer, the bigint columns of
// epoch times and amounts) and numeric (SUM of a bigint, AVG) come back as JS numbers here, not the
// strings node-postgres gives by default. The parsers are set on this pool only (pg's `types` option),
// never on pg's global registry.
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { dialectOf, type Db } from './connection.ts';
import type { Tables } from './tables.ts';

/** The pool's size when GATEWAY_DATABASE_POOL is not set. */
const DEFAULT_POOL_SIZE = 10;

/** int8 (bigint): a whole number, refused rather than rounded past 2^53 (no column of ours gets there). */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value))
    throw new RangeError(`PostgreSQL answered the bigint ${text}, beyond JS's safe integers`);
  return value;
}

const { INT8, NUMERIC } = pg.types.builtins;

/** pg's type parsers, with int8 and numeric as numbers (the rest as pg's defaults: int4 a number, text…). */
const TYPES: pg.CustomTypesConfig = {
  getTypeParser: (oid, format = 'text') => {
    if (format === 'text' && oid === INT8) return parseInt8;
    if (format === 'text' && oid === NUMERIC) return Number;
    return pg.types.getTypeParser(oid, format) as unknown;
  },
};

export type PostgresOptions = {
  /** Connections the pool opens at most (GATEWAY_DATABASE_POOL). Default 10. */
  poolSize?: number;
  /** A name in pg_stat_activity (default `gateway`). */
  applicationName?: string;
};

/** A node-postgres pool on `url` (postgres://user:password@host:port/database?sslmode=…). */
export function postgresPool(url: string, options: PostgresOptions = {}): pg.Pool {
  return new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    application_name: options.applicationName ?? 'gateway',
    types: TYPES,
  });
}

/** A Kysely instance on PostgreSQL: `destroy()` ends its pool. */
export function postgresDb(url: string, options: PostgresOptions = {}): Kysely<Tables> {
  return new Kysely<Tables>({ dialect: new PostgresDialect({ pool: postgresPool(url, options) }) });
}

/** The URL with its password masked, for messages and logs. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(an unparsable database URL)';
  }
}

/**
 * Moves every identity sequence of the current schema past the largest key its table holds. SQLite's
 * INTEGER PRIMARY KEY gives the next free key after rows inserted with explicit ones (the seeds insert
 * users, entities and slots with their ids); PostgreSQL's identity does not look at the table, so after
 * such inserts its next key would collide. A seed or a restore on PostgreSQL calls this once at its end.
 * A sequence already further on stays there (keys of deleted rows are not given again, as AUTOINCREMENT).
 */
export async function advanceIdentities<T>(db: Kysely<T>): Promise<void> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND is_identity = 'YES' ORDER BY table_name`.execute(db);
  for (const { table_name: table, column_name: column } of rows) {
    const found = await sql<{ sequence: string; top: number | null }>`
      SELECT pg_get_serial_sequence(${table}, ${column}) AS sequence,
             (SELECT max(${sql.ref(column)}) FROM ${sql.table(table)}) AS top`.execute(db);
    const { sequence, top } = found.rows[0] ?? { sequence: '', top: null };
    // pg_get_serial_sequence answers the name quoted as an identifier needs.
    const state = await sql<{ last_value: number; is_called: boolean }>`
      SELECT last_value, is_called FROM ${sql.raw(sequence)}`.execute(db);
    const { last_value: last, is_called: called } = state.rows[0] ?? { last_value: 1, is_called: false };
    const next = Math.max((top ?? 0) + 1, called ? last + 1 : last);
    await sql`SELECT setval(${sequence}::regclass, ${next}, false)`.execute(db);
  }
}

/**
 * After seeds that insert explicit ids (users, entities, slots, bank accounts): on PostgreSQL the
 * identity sequences move past them, so later inserts do not collide (SQLite needs nothing).
 */
export async function advanceIdentitiesAfterSeed(db: Db): Promise<void> {
  if (dialectOf(db) === 'postgres') await advanceIdentities(db);
}

/**
 * Holds the seed's lock to the end of the transaction `trx`: instances starting at once on a fresh database
 * check and seed one after the other, and the second finds the first's seed.
 */
export async function lockSeed(trx: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('gateway seed'))`.execute(trx);
}

/**
 * Runs `work` while holding the seed's lock on PostgreSQL (nothing to hold on SQLite, one process): the
 * feature modules' seeds and the first manifest version check, then write, on the pool's other
 * connections, so two instances starting at once on a fresh database would both find nothing and both
 * write. The lock lives in a transaction of its own, which does nothing else and ends with `work`.
 */
export async function withSeedLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (dialectOf(db) !== 'postgres' || db.isTransaction) return work();
  return db.transaction().execute(async (trx) => {
    await lockSeed(trx);
    return work();
  });
}
