/**
 * `npm run analytics:report`: how many events of each name the reference gateway's analytics collector
 * stored, read from its database (GATEWAY_DATA_DIR, else the default of the mode GATEWAY_DEMO says, as the
 * gateway: `.data/gateway`, or `.data/demo-gateway` with GATEWAY_DEMO=on as in `npm start`).
 * `--since <ISO time>` counts from then on. Read only: the gateway may be running.
 */
import BetterSqlite3 from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { analyticsCounts } from '../gateway/src/analytics/analytics-collector.ts';
import { dataDirFromEnv } from '../gateway/src/options.ts';

const dataDir = dataDirFromEnv(process.env);
const file = join(dataDir, 'gateway.sqlite');
const sinceAt = process.argv.indexOf('--since');
const since = sinceAt === -1 ? undefined : process.argv[sinceAt + 1];

if (!existsSync(file)) {
  console.error(`${file} does not exist: start the gateway (npm start or npm run gateway) first.`);
  process.exit(1);
}
const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
const hasTable = db
  .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'analytics_events'")
  .get();
const counts = hasTable === undefined ? [] : analyticsCounts(db, since);
db.close();

const total = counts.reduce((sum, row) => sum + row.count, 0);
console.log(`Analytics events stored in ${file}${since === undefined ? '' : ` since ${since}`}:`);
if (counts.length === 0) console.log('  none yet (events are sent only after the analytics consent)');
const width = Math.max(5, ...counts.map((row) => row.event.length));
for (const row of counts) console.log(`  ${row.event.padEnd(width)}  ${String(row.count).padStart(6)}`);
console.log(`  ${'total'.padEnd(width)}  ${String(total).padStart(6)}`);
