import BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sqliteDb, type Db } from './db/connection.ts';
import { assertDataMode, dataModeOf } from './db/data-mode.ts';
import { migrateToLatest } from './db/migrate.ts';
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

/** The better-sqlite3 handle (the stores not converted yet) and the one Kysely instance over it. */
export type OpenDatabase = { handle: Database; db: Db };

/**
 * Opens (and on first use or `reset` seeds) the data dir's database in one mode: a database seeded in the
 * other mode is refused (DataModeMismatch) unless `reset` wipes it. The pending migrations run first,
 * under their lock (db/migrate.ts; MigrationFailed when one fails), before any seed or store. Closing:
 * `db.destroy()` closes the handle once Kysely used it (it always has: the data-mode check), then
 * `handle.close()` if still open.
 */
export async function openDatabase(
  dataDir: string,
  { reset, demo }: { reset: boolean; demo: boolean },
  hash: (password: string) => Promise<string>,
): Promise<OpenDatabase> {
  return oneAtATime(resolve(dataDir), () => openNow(dataDir, { reset, demo }, hash));
}

async function openNow(
  dataDir: string,
  { reset, demo }: { reset: boolean; demo: boolean },
  hash: (password: string) => Promise<string>,
): Promise<OpenDatabase> {
  // Password hashes, session and signing keys: the data dir is the owner's alone (0700, files 0600).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const file = join(dataDir, 'gateway.sqlite');
  await migrateToLatest(file);
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  for (const name of ['gateway.sqlite', 'gateway.sqlite-wal', 'gateway.sqlite-shm']) {
    const path = join(dataDir, name);
    if (existsSync(path)) chmodSync(path, 0o600);
  }
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const kysely = sqliteDb(db);
  try {
    if (!reset) await assertDataMode(kysely, dataDir, demo);
    if (reset || (await dataModeOf(kysely)) === undefined) await seedDatabase(kysely, hash, demo);
  } catch (error) {
    await kysely.destroy();
    if (db.open) db.close();
    throw error;
  }
  await seedFinance(kysely, demo ? personas.entities.map((entity) => entity.accountId) : []);
  return { handle: db, db: kysely };
}
