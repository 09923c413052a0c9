import BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMA_SQL, SCHEMA_VERSION } from './schema.ts';
import { seedDatabase } from './seed.ts';
import personas from '../../seed/personas.json' with { type: 'json' };
import { seedFinance } from '../finance/finance-store.ts';

export async function openDatabase(
  dataDir: string,
  reset: boolean,
  hash: (password: string) => Promise<string>,
): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const db = new BetterSqlite3(join(dataDir, 'gateway.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA_SQL);
  db.pragma(`user_version = ${String(SCHEMA_VERSION)}`);
  const seeded = db.prepare("SELECT value FROM meta WHERE key = 'seededAt'").get();
  if (reset || seeded === undefined) await seedDatabase(db, hash);
  seedFinance(
    db,
    personas.entities.map((entity) => entity.accountId),
  );
  return db;
}
