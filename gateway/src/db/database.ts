import BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { assertDataMode, dataModeOf } from './data-mode.ts';
import { sqliteDb } from './connection.ts';
import { migrateToLatest } from './migrate.ts';
import { seedDatabase } from './seed.ts';
import personas from '../../seed/personas.json' with { type: 'json' };
import { seedFinance } from '../finance/finance-store.ts';

/**
 * Opens (and on first use or `reset` seeds) the data dir's database in one mode: a database seeded in the
 * other mode is refused (DataModeMismatch) unless `reset` wipes it. The pending migrations run first,
 * under their lock (db/migrate.ts; MigrationFailed when one fails), before any seed or store.
 */
export async function openDatabase(
  dataDir: string,
  { reset, demo }: { reset: boolean; demo: boolean },
  hash: (password: string) => Promise<string>,
): Promise<Database> {
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
  try {
    if (!reset) assertDataMode(db, dataDir, demo);
    if (reset || dataModeOf(db) === undefined) await seedDatabase(db, hash, demo);
  } catch (error) {
    db.close();
    throw error;
  }
  await seedFinance(sqliteDb(db), demo ? personas.entities.map((entity) => entity.accountId) : []);
  return db;
}
