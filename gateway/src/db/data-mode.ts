// Which mode seeded a database. A demo database holds the personas and their public password, so a
// gateway without the demo switch must never serve it; a real database in demo mode would show its
// people's reset e-mails in the demo inbox. Both are refused at open, with what to do.
import type { Db } from './connection.ts';

export type DataMode = 'demo' | 'production';

export class DataModeMismatch extends Error {}

const readMeta = async (db: Db, key: string): Promise<string | undefined> =>
  (await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst())?.value;

/** Undefined for a database never seeded. */
export async function dataModeOf(db: Db): Promise<DataMode | undefined> {
  if ((await readMeta(db, 'seededAt')) === undefined) return undefined;
  // Databases seeded before the mode was recorded always got the personas.
  return (await readMeta(db, 'dataMode')) === 'production' ? 'production' : 'demo';
}

export async function recordDataMode(db: Db, mode: DataMode): Promise<void> {
  await db
    .insertInto('meta')
    .values({ key: 'dataMode', value: mode })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: mode }))
    .execute();
}

/** Throws when a seeded database belongs to the other mode; a reset is the explicit way out. */
export async function assertDataMode(db: Db, dataDir: string, demo: boolean): Promise<void> {
  const mode = await dataModeOf(db);
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
