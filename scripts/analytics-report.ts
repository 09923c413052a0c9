/**
 * `npm run analytics:report`: how many events of each name the reference gateway's analytics collector
 * stored, read from its database: PostgreSQL when GATEWAY_DATABASE_URL is set, as for the gateway, else the
 * SQLite file of GATEWAY_DATA_DIR (by default the mode GATEWAY_DEMO says, as the gateway: `.data/gateway`,
 * or `.data/demo-gateway` with GATEWAY_DEMO=on as in `npm start`).
 * `--since <ISO time>` counts from then on. Read only: the gateway may be running. Names are printed
 * with their control characters shown as \u escapes: a stored name must not drive the terminal (clear
 * it, recolour it, retitle the window, hide lines behind a carriage return).
 */
import BetterSqlite3 from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { analyticsCounts } from '../gateway/src/analytics/analytics-store.ts';
import { sqliteDb, type Db } from '../gateway/src/db/connection.ts';
import { postgresDb, redactedUrl } from '../gateway/src/db/postgres.ts';
import { dataDirFromEnv } from '../gateway/src/options.ts';

/** C0 and C1 controls (ESC and CSI start every ANSI sequence) and bidirectional overrides, made visible. */
// eslint-disable-next-line no-control-regex -- exactly the characters to neutralise
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const printable = (text: string) =>
  text.replace(UNPRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

const sinceAt = process.argv.indexOf('--since');
const since = sinceAt === -1 ? undefined : process.argv[sinceAt + 1];

/** The gateway's database, read only on SQLite, and its name for the heading (no password). */
function openReport(): { db: Db; where: string } {
  const url = process.env['GATEWAY_DATABASE_URL'];
  if (url !== undefined && url !== '')
    return {
      db: postgresDb(url, { poolSize: 1, applicationName: 'analytics report' }),
      where: redactedUrl(url),
    };
  const file = join(dataDirFromEnv(process.env), 'gateway.sqlite');
  if (!existsSync(file)) {
    console.error(`${file} does not exist: start the gateway (npm start or npm run gateway) first.`);
    process.exit(1);
  }
  return { db: sqliteDb(new BetterSqlite3(file, { readonly: true, fileMustExist: true })), where: file };
}

const { db, where } = openReport();
const hasTable = (await db.introspection.getTables()).some((table) => table.name === 'analytics_events');
const counts = (hasTable ? await analyticsCounts(db, since) : []).map((row) => ({
  ...row,
  event: printable(row.event),
}));
await db.destroy();

const total = counts.reduce((sum, row) => sum + row.count, 0);
console.log(
  `Analytics events stored in ${printable(where)}${since === undefined ? '' : ` since ${printable(since)}`}:`,
);
if (counts.length === 0) console.log('  none yet (events are sent only after the analytics consent)');
const width = Math.max(5, ...counts.map((row) => row.event.length));
for (const row of counts) console.log(`  ${row.event.padEnd(width)}  ${String(row.count).padStart(6)}`);
console.log(`  ${'total'.padEnd(width)}  ${String(total).padStart(6)}`);
