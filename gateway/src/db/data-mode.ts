// Which mode seeded a database. A demo database holds the personas and their public password, so a
// gateway without the demo switch must never serve it; a real database in demo mode would show its
// people's reset e-mails in the demo inbox. Both are refused at open, with what to do.
import type { Database } from 'better-sqlite3';

export type DataMode = 'demo' | 'production';

export class DataModeMismatch extends Error {}

const readMeta = (db: Database, key: string): string | undefined =>
  db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?').get(key)?.value;

/** Undefined for a database never seeded. */
export function dataModeOf(db: Database): DataMode | undefined {
  if (readMeta(db, 'seededAt') === undefined) return undefined;
  // Databases seeded before the mode was recorded always got the personas.
  return readMeta(db, 'dataMode') === 'production' ? 'production' : 'demo';
}

export function recordDataMode(db: Database, mode: DataMode): void {
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('dataMode', ?)").run(mode);
}

/** Throws when a seeded database belongs to the other mode; a reset is the explicit way out. */
export function assertDataMode(db: Database, dataDir: string, demo: boolean): void {
  const mode = dataModeOf(db);
  if (mode === 'demo' && !demo)
    throw new DataModeMismatch(
      `${dataDir} was seeded in demo mode: its personas share the public demo password. ` +
        'Start it in demo mode (GATEWAY_DEMO=on, as `npm start` does), set GATEWAY_DATA_DIR to another ' +
        'directory for a real deployment, or wipe it with --reset (its data is lost).',
    );
  if (mode === 'production' && demo)
    throw new DataModeMismatch(
      `${dataDir} was made without demo mode: demo mode would show its people's reset e-mails in the ` +
        'demo inbox. Start it without GATEWAY_DEMO, or give demo mode its own GATEWAY_DATA_DIR ' +
        '(`npm start` uses .data/demo-gateway).',
    );
}
