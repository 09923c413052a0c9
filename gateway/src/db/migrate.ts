// The gateway's schema changes only through the numbered migrations of db/migrations, applied by
// Kysely's Migrator on a connection of its own: to the data dir's SQLite file (before the stores open
// their handle), or to the PostgreSQL database of GATEWAY_DATABASE_URL. Forward only: no migration has a
// down step.
//
// The lock, SQLite: Kysely's SQLite adapter takes none (it counts on a single connection), so the whole
// run is one BEGIN IMMEDIATE transaction. SQLite's write lock is then the migration lock across
// processes: the first instance migrates, another waits (up to WAIT_MS) and finds nothing left to do. All
// pending migrations commit together, or none does. In one process, runs on one file are chained: a
// second connection of the same thread waiting for SQLite's lock would block the first.
//
// The lock, PostgreSQL: Kysely's own. Its PostgreSQL adapter takes a session advisory lock
// (pg_advisory_lock, waiting up to an hour), then runs every pending migration in one transaction: the
// first instance migrates, the others wait for the lock and find nothing left to do; a failure rolls
// back every pending migration (PostgreSQL's DDL is transactional).
import BetterSqlite3 from 'better-sqlite3';
import { resolve } from 'node:path';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Migration,
  type MigrationInfo,
  type MigrationResult,
} from 'kysely';
import { MIGRATIONS } from './migrations/index.ts';
import { postgresPool, redactedUrl } from './postgres.ts';

/**
 * Where the migrations run: an SQLite file (its path), or a PostgreSQL database (GATEWAY_DATABASE_URL).
 */
export type MigrationTarget = string | { url: string };

/** How a target is named in messages (a URL without its password). */
export function targetName(target: MigrationTarget): string {
  return typeof target === 'string' ? target : redactedUrl(target.url);
}

/** A migration failed (nothing was applied) or the database cannot be migrated: exit 2 with this. */
export class MigrationFailed extends Error {}

export type MigrationState = { name: string; appliedAt: Date | undefined };

/** How long an instance waits for another one's migrations before giving up. */
const WAIT_MS = 120_000;

type Migrations = Readonly<Record<string, Migration>>;

function migratorOf(db: Kysely<unknown>, migrations: Migrations): Migrator {
  return new Migrator({ db, provider: { getMigrations: () => Promise.resolve({ ...migrations }) } });
}

const running = new Map<string, Promise<unknown>>();

/**
 * Applies the pending migrations to the database file (made if missing) or the PostgreSQL database;
 * answers their names.
 */
export async function migrateToLatest(
  target: MigrationTarget,
  migrations: Migrations = MIGRATIONS,
): Promise<string[]> {
  if (typeof target !== 'string') return migratePostgres(target.url, migrations);
  const file = target;
  const key = resolve(file);
  const previous = running.get(key) ?? Promise.resolve();
  const mine = previous.catch(() => undefined).then(() => migrateNow(file, migrations));
  running.set(key, mine);
  try {
    return await mine;
  } finally {
    if (running.get(key) === mine) running.delete(key);
  }
}

async function migrateNow(file: string, migrations: Migrations): Promise<string[]> {
  const database = new BetterSqlite3(file, { timeout: WAIT_MS });
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database }) });
  try {
    database.pragma('journal_mode = WAL');
    try {
      await sql`BEGIN IMMEDIATE`.execute(db);
    } catch (error) {
      throw new MigrationFailed(
        `${file} stayed locked for ${String(WAIT_MS / 1000)} s (another instance migrating?): ${(error as Error).message}`,
      );
    }
    const { error, results = [] } = await migratorOf(db, migrations).migrateToLatest();
    if (error !== undefined) {
      await sql`ROLLBACK`.execute(db);
      throw failure(file, error, results);
    }
    await sql`COMMIT`.execute(db);
    return results.map((result) => result.migrationName);
  } finally {
    await db.destroy();
  }
}

/** What a failed run says: a database a newer gateway migrated, or the migration that failed. */
function failure(where: string, error: unknown, results: readonly MigrationResult[]): MigrationFailed {
  const failed = results.find((result) => result.status === 'Error')?.migrationName;
  const message = error instanceof Error ? error.message : JSON.stringify(error);
  // A name recorded that this list lacks: a newer gateway migrated this database (forward only).
  const newer = /previously executed migration (\S+) is missing/.exec(message)?.[1];
  if (newer !== undefined)
    return new MigrationFailed(
      `${where} was migrated by a newer gateway (migration ${newer}, unknown to this one): run that version`,
    );
  return new MigrationFailed(
    `${failed === undefined ? 'migrations' : `migration ${failed}`} failed: ${message} (nothing was applied)`,
  );
}

/**
 * A Kysely instance of its own on the PostgreSQL database, once it answers (a clear message otherwise).
 * Two connections: the migrator's (lock and transaction) and its checks of the migration tables.
 */
async function reachPostgres(url: string): Promise<Kysely<unknown>> {
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({
      pool: postgresPool(url, { poolSize: 2, applicationName: 'gateway migrate' }),
    }),
  });
  try {
    await sql`SELECT 1`.execute(db);
  } catch (error) {
    await db.destroy();
    throw new MigrationFailed(`cannot reach ${redactedUrl(url)}: ${(error as Error).message}`);
  }
  return db;
}

async function migratePostgres(url: string, migrations: Migrations): Promise<string[]> {
  const db = await reachPostgres(url);
  try {
    const { error, results = [] } = await migratorOf(db, migrations).migrateToLatest();
    if (error !== undefined) throw failure(redactedUrl(url), error, results);
    return results.map((result) => result.migrationName);
  } finally {
    await db.destroy();
  }
}

/** Every migration, applied (with when) or pending; a missing file has every one pending. */
export async function migrationStatus(
  target: MigrationTarget,
  migrations: Migrations = MIGRATIONS,
): Promise<MigrationState[]> {
  if (typeof target !== 'string') {
    const db = await reachPostgres(target.url);
    try {
      return statesOf(await migratorOf(db, migrations).getMigrations());
    } finally {
      await db.destroy();
    }
  }
  const file = target;
  let database: BetterSqlite3.Database;
  try {
    database = new BetterSqlite3(file, { fileMustExist: true });
  } catch {
    return Object.keys(migrations)
      .sort()
      .map((name) => ({ name, appliedAt: undefined }));
  }
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database }) });
  try {
    return statesOf(await migratorOf(db, migrations).getMigrations());
  } finally {
    await db.destroy();
  }
}

function statesOf(found: readonly MigrationInfo[]): MigrationState[] {
  return found.map((migration) => ({ name: migration.name, appliedAt: migration.executedAt }));
}
