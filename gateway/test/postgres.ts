// PostgreSQL for the gateway tests: the run's cluster (test/postgres-setup.ts) and a fresh database per
// test gateway. `createTestDatabase()` copies a template migrated once per cluster and per list of
// migrations (CREATE DATABASE … TEMPLATE: tens of milliseconds, against a second or so to migrate);
// `{ migrated: false }` gives an empty one. `drop()` removes it, connections and all.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { MIGRATIONS } from '../src/db/migrations/index.ts';

/** The run's PostgreSQL (its superuser's URL), or undefined: its cases are skipped. */
export function testDatabaseUrl(): string | undefined {
  return inject('gatewayTestDatabaseUrl') ?? process.env['GATEWAY_TEST_DATABASE_URL'];
}

function requiredUrl(): string {
  const url = testDatabaseUrl();
  if (url === undefined) throw new Error('no PostgreSQL in this run (GATEWAY_TEST_DATABASE_URL)');
  return url;
}

/** The same server and user, another database. */
function urlOf(database: string): string {
  const url = new URL(requiredUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: requiredUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** One template per list of migrations: a run (or a server kept between runs) never copies a stale one. */
const TEMPLATE = `gateway_template_${createHash('sha256').update(Object.keys(MIGRATIONS).join('\n')).digest('hex').slice(0, 12)}`;

/** Makes the migrated template once per cluster; test files (one worker each) agree through a lock. */
async function ensureTemplate(): Promise<void> {
  await onServer(async (client) => {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [TEMPLATE]);
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE]);
      if (rowCount !== 0) return;
      // Made under another name, then renamed: a template that exists is a migrated one.
      const making = `${TEMPLATE}_making`;
      await client.query(`DROP DATABASE IF EXISTS ${making}`);
      await client.query(`CREATE DATABASE ${making}`);
      await migrateToLatest({ url: urlOf(making) });
      await client.query(`ALTER DATABASE ${making} RENAME TO ${TEMPLATE}`);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [TEMPLATE]);
    }
  });
}

export type TestDatabase = { url: string; name: string; drop: () => Promise<void> };

/** A database of its own: migrated to the latest (a copy of the template), or empty. */
export async function createTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  if (migrated) await ensureTemplate();
  const name = `gateway_test_${randomBytes(6).toString('hex')}`;
  await onServer((client) =>
    client.query(migrated ? `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}` : `CREATE DATABASE ${name}`),
  );
  return {
    url: urlOf(name),
    name,
    drop: () =>
      onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
