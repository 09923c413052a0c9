import BetterSqlite3 from 'better-sqlite3';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inTransaction, usedSqliteDb, type Db } from './db/connection.ts';
import { assertDataMode, dataModeOf } from './db/data-mode.ts';
import { migrateToLatest } from './db/migrate.ts';
import { advanceIdentitiesAfterSeed, lockSeed, postgresDb, redactedUrl } from './db/postgres.ts';
import { seedDatabase } from './db/seed.ts';
import personas from '../seed/personas.json' with { type: 'json' };
import { seedFinance } from './finance/finance-store.ts';

// One opening of a data dir at a time in this process (migrations, data-mode check, seed). The seed's
// transaction yields between its statements: a second connection of the same process writing meanwhile
// (its migrations, its seed) would wait for SQLite's lock in a synchronous busy loop that also stops the
// first from committing, until the busy timeout fails one of them. In turn, the second finds the
// database migrated and seeded, and leaves it.
const opening = new Map<string, Promise<unknown>>();

function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = opening.get(key) ?? Promise.resolve();
  const next = previous.then(work, work);
  const settled = next.catch(() => undefined);
  opening.set(key, settled);
  void settled.then(() => {
    if (opening.get(key) === settled) opening.delete(key);
  });
  return next;
}

export type DatabaseSettings = {
  reset: boolean;
  demo: boolean;
  /** PostgreSQL (GATEWAY_DATABASE_URL); without it SQLite in the data dir. */
  databaseUrl?: string | undefined;
  /** The PostgreSQL pool's size (GATEWAY_DATABASE_POOL). */
  databasePool?: number | undefined;
  /** The demo seed's clock (GATEWAY_DEMO_TODAY, options.ts demoClockOf); default the real time. */
  demoClock?: (() => Date) | undefined;
};

/**
 * Opens (and on first use or `reset` seeds) the gateway's database in one mode: PostgreSQL when
 * `databaseUrl` is given, else SQLite in the data dir (`gateway.sqlite`). A database seeded in the other
 * mode is refused (DataModeMismatch) unless `reset` wipes it. The pending migrations run first, under
 * their lock (db/migrate.ts; MigrationFailed when one fails), before any seed or store. The data dir is
 * made either way: it holds the key files (session secret, OIDC key) unless configuration gives them.
 * Closing: `db.destroy()`, which on SQLite also closes the better-sqlite3 handle (WAL checkpointed).
 */
export async function openDatabase(
  dataDir: string,
  settings: DatabaseSettings,
  hash: (password: string) => Promise<string>,
): Promise<Db> {
  const key = settings.databaseUrl ?? resolve(dataDir);
  return oneAtATime(key, () => openNow(dataDir, settings, hash));
}

/** The data dir's SQLite database, migrated, as a Kysely instance whose destroy() closes the handle. */
async function openSqlite(dataDir: string): Promise<Db> {
  const file = join(dataDir, 'gateway.sqlite');
  await migrateToLatest(file);
  const handle = new BetterSqlite3(file);
  handle.pragma('journal_mode = WAL');
  for (const name of ['gateway.sqlite', 'gateway.sqlite-wal', 'gateway.sqlite-shm']) {
    const path = join(dataDir, name);
    if (existsSync(path)) chmodSync(path, 0o600);
  }
  handle.pragma('synchronous = NORMAL');
  handle.pragma('foreign_keys = ON');
  handle.pragma('busy_timeout = 5000');
  return usedSqliteDb(handle);
}

async function openPostgres(url: string, poolSize: number | undefined): Promise<Db> {
  await migrateToLatest({ url });
  return postgresDb(url, poolSize === undefined ? {} : { poolSize });
}

async function openNow(
  dataDir: string,
  { reset, demo, databaseUrl, databasePool, demoClock = () => new Date() }: DatabaseSettings,
  hash: (password: string) => Promise<string>,
): Promise<Db> {
  // Password hashes, session and signing keys: the data dir is the owner's alone (0700, files 0600).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const db =
    databaseUrl === undefined ? await openSqlite(dataDir) : await openPostgres(databaseUrl, databasePool);
  const checkAndSeed = async (trx: Db) => {
    if (!reset)
      await assertDataMode(trx, databaseUrl === undefined ? dataDir : redactedUrl(databaseUrl), demo);
    if (reset || (await dataModeOf(trx)) === undefined)
      await seedDatabase(trx, hash, demo, { demoNow: demoClock() });
    await seedFinance(trx, demo ? personas.entities.map((entity) => entity.accountId) : [], demoClock());
    await advanceIdentitiesAfterSeed(trx);
  };
  try {
    if (databaseUrl === undefined) await checkAndSeed(db);
    // PostgreSQL: instances starting at once on a fresh database check and seed one after the other
    // (a transaction-scoped advisory lock): the second finds the first's seed and leaves it.
    else
      await inTransaction(db, async (trx) => {
        await lockSeed(trx);
        await checkAndSeed(trx);
      });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
