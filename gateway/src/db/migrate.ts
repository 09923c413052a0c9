// The gateway's schema changes only through the numbered migrations of db/migrations, applied by
// Kysely's Migrator on a connection of its own to the data dir's SQLite file, before the stores open
// their (synchronous, better-sqlite3) handle. Forward only: no migration has a down step.
//
// The lock: Kysely's SQLite adapter takes none (it counts on a single connection), so the whole run is
// one BEGIN IMMEDIATE transaction. SQLite's write lock is then the migration lock across processes: the
// first instance migrates, another waits (up to WAIT_MS) and finds nothing left to do. All pending
// migrations commit together, or none does. In one process, runs on one file are chained: a second
// connection of the same thread waiting for SQLite's lock would block the first.
import BetterSqlite3 from 'better-sqlite3';
import { resolve } from 'node:path';
import { Kysely, Migrator, SqliteDialect, sql, type Migration } from 'kysely';
import { MIGRATIONS } from './migrations/index.ts';

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

/** Applies the pending migrations to the database file (made if missing); answers their names. */
export async function migrateToLatest(file: string, migrations: Migrations = MIGRATIONS): Promise<string[]> {
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
      const failed = results.find((result) => result.status === 'Error')?.migrationName;
      const message = error instanceof Error ? error.message : JSON.stringify(error);
      // A name recorded that this list lacks: a newer gateway migrated this database (forward only).
      const newer = /previously executed migration (\S+) is missing/.exec(message)?.[1];
      if (newer !== undefined)
        throw new MigrationFailed(
          `${file} was migrated by a newer gateway (migration ${newer}, unknown to this one): run that version`,
        );
      throw new MigrationFailed(
        `${failed === undefined ? 'migrations' : `migration ${failed}`} failed: ${message} (nothing was applied)`,
      );
    }
    await sql`COMMIT`.execute(db);
    return results.map((result) => result.migrationName);
  } finally {
    await db.destroy();
  }
}

/** Every migration, applied (with when) or pending; a missing file has every one pending. */
export async function migrationStatus(
  file: string,
  migrations: Migrations = MIGRATIONS,
): Promise<MigrationState[]> {
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
    const found = await migratorOf(db, migrations).getMigrations();
    return found.map((migration) => ({ name: migration.name, appliedAt: migration.executedAt }));
  } finally {
    await db.destroy();
  }
}
