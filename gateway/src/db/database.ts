import BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { assertDataMode, dataModeOf } from './data-mode.ts';
import { SCHEMA_SQL, SCHEMA_VERSION } from './schema.ts';
import { seedDatabase } from './seed.ts';
import personas from '../../seed/personas.json' with { type: 'json' };
import { seedFinance } from '../finance/finance-store.ts';

/**
 * Opens (and on first use or `reset` seeds) the data dir's database in one mode: a database seeded in the
 * other mode is refused (DataModeMismatch) unless `reset` wipes it.
 */
export async function openDatabase(
  dataDir: string,
  { reset, demo }: { reset: boolean; demo: boolean },
  hash: (password: string) => Promise<string>,
): Promise<Database> {
  // Password hashes, session and signing keys: the data dir is the owner's alone (0700, files 0600).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const db = new BetterSqlite3(join(dataDir, 'gateway.sqlite'));
  db.pragma('journal_mode = WAL');
  for (const file of ['gateway.sqlite', 'gateway.sqlite-wal', 'gateway.sqlite-shm']) {
    const path = join(dataDir, file);
    if (existsSync(path)) chmodSync(path, 0o600);
  }
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA_SQL);
  // Data dirs made before a refresh recorded its replacement.
  const retiredColumns = db.prepare<[], { name: string }>('PRAGMA table_info(retired_tokens)').all();
  if (!retiredColumns.some((column) => column.name === 'next_jti'))
    db.exec(
      'ALTER TABLE retired_tokens ADD COLUMN next_jti TEXT; ALTER TABLE retired_tokens ADD COLUMN next_iat INTEGER; ALTER TABLE retired_tokens ADD COLUMN next_exp INTEGER;',
    );
  db.pragma(`user_version = ${String(SCHEMA_VERSION)}`);
  try {
    if (!reset) assertDataMode(db, dataDir, demo);
    if (reset || dataModeOf(db) === undefined) await seedDatabase(db, hash, demo);
  } catch (error) {
    db.close();
    throw error;
  }
  seedFinance(db, demo ? personas.entities.map((entity) => entity.accountId) : []);
  return db;
}
