// Migrations (issue 28): a database made by 0001 with rows in every table keeps them through the later
// migrations; a data dir made before migrations existed is adopted; two gateways opening one fresh data
// dir at once migrate it once; `migrate --status` through the real command line. The same on PostgreSQL
// (the run's throw-away cluster, gateway/test/postgres-setup.ts), where the schema must also be SQLite's
// as JS sees it, and the triggers must do what SQLite's do.
import BetterSqlite3 from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely, type Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../../test/postgres.ts';
import { optionsFromEnv, REPO_ROOT } from '../options.ts';
import { sqliteDb } from './connection.ts';
import { openDatabase } from '../database.ts';
import { migrateToLatest } from './migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { advanceIdentities, postgresDb, postgresPool } from './postgres.ts';

const ALL = Object.keys(MIGRATIONS);
const FIRST = { '0001-initial-schema': MIGRATIONS['0001-initial-schema'] } as Record<string, Migration>;
const LEGACY_SCHEMA = readFileSync(
  join(REPO_ROOT, 'gateway/test/fixtures/legacy-f7fc12b-schema.sql'),
  'utf8',
);
const fastHash = (password: string) => Promise.resolve(`plain:${password}`);

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-migrations-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

type Row = Record<string, unknown>;

/** The tables that hold rows (not Kysely's, not SQLite's, not the folder search's index). */
function dataTables(db: BetterSqlite3.Database): string[] {
  return db
    .prepare<[], { name: string }>(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
         AND name NOT LIKE 'kysely_%' AND name NOT LIKE 'entities_search%' ORDER BY name`,
    )
    .all()
    .map((table) => table.name);
}

/** One row in every table, each column named after itself (integers 1: manifest_published's slot is 1). */
function fillEveryTable(db: BetterSqlite3.Database): string[] {
  const tables = dataTables(db);
  // In table name order, children before parents (every key is 1: the rows agree once all are in).
  db.pragma('foreign_keys = OFF');
  for (const table of tables) {
    const columns = db.prepare<[], { name: string; type: string }>(`PRAGMA table_info(${table})`).all();
    const values = columns.map((column) => (column.type === 'INTEGER' ? 1 : `${table}.${column.name}`));
    db.prepare(
      `INSERT INTO ${table} (${columns.map((column) => column.name).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    ).run(...values);
  }
  db.pragma('foreign_keys = ON');
  return tables;
}

function snapshot(db: BetterSqlite3.Database, tables: readonly string[]): Record<string, Row[]> {
  return Object.fromEntries(
    tables.map((table) => [table, db.prepare<[], Row>(`SELECT * FROM ${table}`).all()]),
  );
}

/** The rows as they were, reading only the columns they had then. */
function sameRows(before: Record<string, Row[]>, db: BetterSqlite3.Database): void {
  for (const [table, rows] of Object.entries(before)) {
    const columns = Object.keys(rows[0] ?? {});
    const now = db.prepare<[], Row>(`SELECT ${columns.join(', ')} FROM ${table}`).all();
    // Every row still there, unchanged (a start may add its own, e.g. the finance seed's day in meta).
    expect(now, table).toEqual(expect.arrayContaining(rows));
    expect(now.length, table).toBeGreaterThanOrEqual(rows.length);
  }
}

function recorded(db: BetterSqlite3.Database): string[] {
  return db
    .prepare<[], { name: string }>('SELECT name FROM kysely_migration ORDER BY name')
    .all()
    .map((row) => row.name);
}

describe('migrations', () => {
  it('keep every row of a database made by 0001, with the later columns defaulted', async () => {
    const file = join(dataDir(), 'gateway.sqlite');
    expect(await migrateToLatest(file, FIRST)).toEqual([ALL[0]]);
    const db = new BetterSqlite3(file);
    try {
      const tables = fillEveryTable(db);
      expect(tables.length).toBeGreaterThan(40);
      // A notification the old centre recorded for a payslip: it gets its type's readers once.
      db.prepare(
        "INSERT INTO recorded_notifications (id, user_id, account_id, type, data, created_at) VALUES (2, 1, 1, 'Ged-GSDocumentUploaded', '{}', 'x')",
      ).run();
      const before = snapshot(db, tables);

      expect(await migrateToLatest(file)).toEqual(ALL.slice(1));
      sameRows(before, db);
      expect(recorded(db)).toEqual(ALL);
      expect(db.prepare('SELECT next_jti, next_iat, next_exp FROM retired_tokens').all()).toEqual([
        { next_jti: null, next_iat: null, next_exp: null },
      ]);
      expect(
        db.prepare('SELECT id, readers, reader_id FROM recorded_notifications ORDER BY id').all(),
      ).toEqual([
        { id: 1, readers: null, reader_id: null },
        { id: 2, readers: '["CLGED0001"]', reader_id: null },
      ]);
      expect(db.prepare('SELECT base_version FROM manifest_drafts').all()).toEqual([{ base_version: null }]);
      expect(db.prepare('SELECT COUNT(*) AS n FROM entity_invitations').get()).toEqual({ n: 0 });
      expect(
        db.prepare("SELECT name FROM sqlite_master WHERE name = 'recorded_notifications_created'").get(),
      ).toBeDefined();
    } finally {
      db.close();
    }
  });

  it("adopt a data dir made before migrations (f7fc12b's schema, no migration table) and keep its rows", async () => {
    const dir = dataDir();
    const file = join(dir, 'gateway.sqlite');
    const legacy = new BetterSqlite3(file);
    legacy.exec(LEGACY_SCHEMA);
    legacy.pragma('user_version = 1');
    const tables = fillEveryTable(legacy);
    legacy.prepare("INSERT INTO meta (key, value) VALUES ('seededAt', '2026-01-01T00:00:00.000Z')").run();
    legacy.prepare("INSERT INTO meta (key, value) VALUES ('dataMode', 'production')").run();
    const before = snapshot(legacy, tables);
    legacy.close();

    // As the gateway opens it: migrations first, then the data mode's check (no reseed: it was seeded).
    await (await openDatabase(dir, { reset: false, demo: false }, fastHash)).destroy();
    const db = new BetterSqlite3(file);
    try {
      sameRows(before, db);
      expect(recorded(db)).toEqual(ALL);
      // The modules' tables 0001 made, and the folder search's index read the entity already there.
      expect(db.prepare('SELECT COUNT(*) AS n FROM documents').get()).toEqual({ n: 0 });
      expect(
        db.prepare('SELECT rowid FROM entities_search WHERE entities_search MATCH \'"ities.na"\'').all(),
      ).toEqual([{ rowid: 1 }]);
    } finally {
      db.close();
    }
  });

  it("adopt a data dir whose open-time code already made issue 27's columns, and leave their values", async () => {
    const file = join(dataDir(), 'gateway.sqlite');
    await migrateToLatest(file);
    const db = new BetterSqlite3(file);
    try {
      // The gateway of issue 27 before migrations: everything made at open time, nothing recorded.
      db.exec('DROP TABLE kysely_migration; DROP TABLE kysely_migration_lock');
      const tables = fillEveryTable(db);
      db.prepare('UPDATE recorded_notifications SET readers = ?').run('["KEPT"]');
      const before = snapshot(db, tables);
      expect(await migrateToLatest(file)).toEqual(ALL);
      sameRows(before, db);
      expect(db.prepare('SELECT readers FROM recorded_notifications').get()).toEqual({ readers: '["KEPT"]' });
    } finally {
      db.close();
    }
  });

  it('roll back every pending migration when one fails, and say which', async () => {
    const file = join(dataDir(), 'gateway.sqlite');
    const failing = {
      ...MIGRATIONS,
      '0006-failing': { up: () => Promise.reject(new Error('no such thing')) },
    };
    await expect(migrateToLatest(file, failing)).rejects.toThrow(
      'migration 0006-failing failed: no such thing (nothing was applied)',
    );
    const db = new BetterSqlite3(file);
    try {
      expect(
        db.prepare("SELECT name FROM sqlite_master WHERE name IN ('users', 'kysely_migration')").all(),
      ).toEqual([]);
    } finally {
      db.close();
    }
  });
});

describe('two gateways on one fresh data dir', () => {
  it('in one process: both open it, the migrations run once', async () => {
    const dir = dataDir();
    const [first, second] = await Promise.all([
      openDatabase(dir, { reset: false, demo: false }, fastHash),
      openDatabase(dir, { reset: false, demo: false }, fastHash),
    ]);
    await first.destroy();
    await second.destroy();
    const db = new BetterSqlite3(join(dir, 'gateway.sqlite'));
    try {
      expect(recorded(db)).toEqual(ALL);
    } finally {
      db.close();
    }
  }, 30_000);

  it('in two processes: one migrates, the other waits for its lock and finds nothing to do', async () => {
    const dir = dataDir();
    const file = join(dir, 'gateway.sqlite');
    const go = join(dir, 'go');
    // Each child waits for the go file, then migrates with a first migration that takes 500 ms: the
    // other one starts while it runs.
    const child = `
      import { existsSync } from 'node:fs';
      const { migrateToLatest } = await import(${JSON.stringify(join(REPO_ROOT, 'gateway/src/db/migrate.ts'))});
      const { MIGRATIONS } = await import(${JSON.stringify(join(REPO_ROOT, 'gateway/src/db/migrations/index.ts'))});
      const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      const first = Object.keys(MIGRATIONS)[0];
      const slow = { ...MIGRATIONS, [first]: { up: async (db) => { await sleep(500); await MIGRATIONS[first].up(db); } } };
      process.stdout.write('ready\\n');
      while (!existsSync(${JSON.stringify(go)})) await sleep(2);
      const started = Date.now();
      const applied = await migrateToLatest(${JSON.stringify(file)}, slow);
      process.stdout.write(JSON.stringify({ applied, ms: Date.now() - started }) + '\\n');
    `;
    const run = () => {
      const proc = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', child], {
        cwd: REPO_ROOT,
      });
      let out = '';
      let err = '';
      proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      const ready = new Promise<void>((resolve) => {
        const check = () => (out.includes('ready') ? resolve() : setTimeout(check, 5));
        check();
      });
      const done = new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
        proc.on('close', (code) => resolve({ code, out, err })),
      );
      return { ready, done };
    };
    const children = [run(), run()];
    await Promise.all(children.map((child) => child.ready));
    writeFileSync(go, '');
    const results = await Promise.all(children.map((child) => child.done));
    for (const result of results) expect(result.code, result.err).toBe(0);
    const reports = results.map(
      (result) => JSON.parse(result.out.split('\n')[1] ?? '{}') as { applied: string[]; ms: number },
    );
    const [migrated, waited] = [...reports].sort((a, b) => b.applied.length - a.applied.length);
    expect(migrated?.applied).toEqual(ALL);
    expect(waited?.applied).toEqual([]);
    // The second waited for the first's 500 ms migration rather than skipping past it.
    expect(waited?.ms).toBeGreaterThan(300);
    const db = new BetterSqlite3(file, { readonly: true });
    try {
      expect(recorded(db)).toEqual(ALL);
    } finally {
      db.close();
    }
  }, 60_000);
});

describe('migrate --status, on the command line', () => {
  it('lists every migration pending, applies them with `migrate`, then lists them applied', () => {
    const dir = dataDir();
    const gateway = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts', ...args], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { ...process.env, GATEWAY_DATA_DIR: dir, GATEWAY_DEMO: '' },
        timeout: 60_000,
      });
    const fresh = gateway('migrate', '--status');
    expect(fresh.status, fresh.stderr).toBe(0);
    for (const name of ALL) expect(fresh.stdout).toMatch(new RegExp(`${name} +pending`));
    expect(fresh.stdout).toContain(`${String(ALL.length)} pending`);

    const applied = gateway('migrate');
    expect(applied.status, applied.stderr).toBe(0);
    for (const name of ALL) expect(applied.stdout).toContain(`applied ${name}`);
    expect(applied.stdout).not.toContain('gateway listening');

    const status = gateway('migrate', '--status');
    expect(status.status, status.stderr).toBe(0);
    for (const name of ALL)
      expect(status.stdout).toMatch(new RegExp(`${name} +applied \\d{4}-\\d\\d-\\d\\dT`));
    expect(status.stdout).toContain('up to date');
    expect(gateway('migrate').stdout).toContain('nothing to apply');

    // A database a newer gateway migrated: refused with what to do, exit 2.
    const db = new BetterSqlite3(join(dir, 'gateway.sqlite'));
    db.prepare("INSERT INTO kysely_migration (name, timestamp) VALUES ('9999-from-the-future', ?)").run(
      new Date().toISOString(),
    );
    db.close();
    const refused = gateway('migrate');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('was migrated by a newer gateway (migration 9999-from-the-future');
  }, 60_000);
});

describe('GATEWAY_DATABASE_URL and GATEWAY_DATABASE_POOL', () => {
  it('take a postgres:// URL (inline or @file) and a pool size, and refuse the rest without showing the password', () => {
    const url = 'postgres://gateway:s3cret@db.internal:5432/portal';
    expect(optionsFromEnv({}, [])).not.toHaveProperty('databaseUrl');
    expect(optionsFromEnv({ GATEWAY_DATABASE_URL: url, GATEWAY_DATABASE_POOL: '25' }, [])).toMatchObject({
      databaseUrl: url,
      databasePool: 25,
    });
    const file = join(dataDir(), 'database-url');
    writeFileSync(file, `postgresql://gateway:s3cret@db.internal/portal\n`);
    expect(optionsFromEnv({ GATEWAY_DATABASE_URL: `@${file}` }, []).databaseUrl).toBe(
      'postgresql://gateway:s3cret@db.internal/portal',
    );
    for (const wrong of [
      'mysql://gateway:s3cret@db/portal',
      'db.internal:5432',
      'postgres://gateway:s3cret@/portal',
    ]) {
      const refusal = (() => {
        try {
          optionsFromEnv({ GATEWAY_DATABASE_URL: wrong }, []);
        } catch (error) {
          return (error as Error).message;
        }
        return 'accepted';
      })();
      expect(refusal, wrong).toMatch(/^GATEWAY_DATABASE_URL.*postgres:\/\/user:password@host:5432\/database/);
      expect(refusal).not.toContain('s3cret');
    }
    expect(() => optionsFromEnv({ GATEWAY_DATABASE_POOL: '0' }, [])).toThrow(/GATEWAY_DATABASE_POOL/);
  });

  it('an unreachable database: a refusal naming it, without its password', async () => {
    await expect(migrateToLatest({ url: 'postgres://gateway:s3cret@127.0.0.1:1/portal' })).rejects.toThrow(
      /^cannot reach postgres:\/\/gateway:\*\*\*@127\.0\.0\.1:1\/portal: /,
    );
  });
});

const POSTGRES = testDatabaseUrl();

/** The tables that hold rows on PostgreSQL (not Kysely's), in name order. */
async function pgTables(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_%'
     ORDER BY table_name`.execute(db);
  return rows.map((row) => row.name);
}

type PgColumn = { name: string; type: string; nullable: boolean };
async function pgColumns(db: Kysely<unknown>, table: string): Promise<PgColumn[]> {
  const { rows } = await sql<{ name: string; type: string; nullable: string }>`
    SELECT column_name AS name, data_type AS type, is_nullable AS nullable FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = ${table} ORDER BY ordinal_position`.execute(db);
  return rows.map((row) => ({ name: row.name, type: row.type, nullable: row.nullable === 'YES' }));
}

async function pgPrimaryKey(db: Kysely<unknown>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT a.attname AS name FROM pg_index i
      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
     WHERE i.indrelid = ${table}::regclass AND i.indisprimary ORDER BY a.attname`.execute(db);
  return rows.map((row) => row.name);
}

/** The columns of PostgreSQL that hold epoch times and amounts past 2^31 (docs/data-layer.md). */
const BIGINT_COLUMNS = [
  'accounting_documents.size',
  'accounting_sync_runs.lease_until_ms',
  'bank_accounts.opening_cents',
  'bank_transactions.amount_cents',
  'documents.size',
  'monthly_figures.cash_cents',
  'monthly_figures.ebitda_cents',
  'monthly_figures.gross_margin_cents',
  'monthly_figures.net_result_cents',
  'monthly_figures.revenue_cents',
  'oidc_store.expires_at',
  'report_files.size',
  'reset_tokens.expires_at',
  'retired_tokens.dies_at_ms',
  'retired_tokens.exp',
  'retired_tokens.next_exp',
  'retired_tokens.next_iat',
  'sessions.ended_at',
  'sessions.ends_at',
  'sessions.started_at',
  'throttle_counters.expires_at_ms',
];

/** One row in every table on PostgreSQL, as fillEveryTable does on SQLite (keys checked after, not during). */
async function fillEveryPgTable(url: string): Promise<string[]> {
  const pool = postgresPool(url, { poolSize: 1 });
  const db = postgresDb(url, { poolSize: 1 }) as Kysely<unknown>;
  try {
    const tables = await pgTables(db);
    const client = await pool.connect();
    try {
      // As SQLite's `foreign_keys = OFF`: the rows agree once all are in (every key is 1).
      await client.query('SET session_replication_role = replica');
      for (const table of tables) {
        const columns = await pgColumns(db, table);
        const values = columns.map((column) => (column.type === 'text' ? `${table}.${column.name}` : 1));
        await client.query(
          `INSERT INTO ${table} (${columns.map((column) => column.name).join(', ')}) VALUES (${columns.map((_, index) => `$${String(index + 1)}`).join(', ')})`,
          values,
        );
      }
      await client.query('SET session_replication_role = DEFAULT');
    } finally {
      client.release();
    }
    return tables;
  } finally {
    await db.destroy();
    await pool.end();
  }
}

async function pgSnapshot(db: Kysely<unknown>, tables: readonly string[]): Promise<Record<string, Row[]>> {
  const snapshot: Record<string, Row[]> = {};
  for (const table of tables)
    snapshot[table] = (await sql<Row>`SELECT * FROM ${sql.table(table)}`.execute(db)).rows;
  return snapshot;
}

async function pgSameRows(before: Record<string, Row[]>, db: Kysely<unknown>): Promise<void> {
  for (const [table, rows] of Object.entries(before)) {
    const columns = Object.keys(rows[0] ?? {});
    const now = (
      await sql<Row>`SELECT ${sql.join(columns.map((column) => sql.ref(column)))} FROM ${sql.table(table)}`.execute(
        db,
      )
    ).rows;
    expect(now, table).toEqual(rows);
  }
}

async function pgRecorded(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
  return rows.map((row) => row.name);
}

describe.skipIf(POSTGRES === undefined)('migrations on PostgreSQL', () => {
  const databases: TestDatabase[] = [];
  const kyselys: Kysely<unknown>[] = [];
  afterEach(async () => {
    for (const db of kyselys.splice(0)) await db.destroy();
    for (const database of databases.splice(0)) await database.drop();
  });
  async function database(migrated: boolean): Promise<{ url: string; db: Kysely<unknown> }> {
    const made = await createTestDatabase({ migrated });
    databases.push(made);
    const db = postgresDb(made.url, { poolSize: 2 }) as Kysely<unknown>;
    kyselys.push(db);
    return { url: made.url, db };
  }

  it("make on a fresh database SQLite's tables, columns, keys and nullability, integers as integer or bigint", async () => {
    const { url, db } = await database(false);
    expect(await migrateToLatest({ url })).toEqual(ALL);
    expect(await pgRecorded(db)).toEqual(ALL);

    const file = join(dataDir(), 'gateway.sqlite');
    await migrateToLatest(file);
    const lite = new BetterSqlite3(file, { readonly: true });
    try {
      const tables = dataTables(lite);
      expect(await pgTables(db)).toEqual(tables);
      const bigints: string[] = [];
      for (const table of tables) {
        const columns = lite
          .prepare<[], { name: string; type: string; notnull: number; pk: number }>(
            `PRAGMA table_info(${table})`,
          )
          .all();
        const pg = await pgColumns(db, table);
        expect(
          pg.map((column) => column.name),
          table,
        ).toEqual(columns.map((column) => column.name));
        for (const [index, column] of columns.entries()) {
          const twin = pg[index];
          const where = `${table}.${column.name}`;
          if (twin?.type === 'bigint') bigints.push(where);
          expect(twin?.type, where).toBe(
            column.type === 'TEXT' ? 'text' : twin?.type === 'bigint' ? 'bigint' : 'integer',
          );
          // SQLite lets a primary key column be NULL (an old quirk); PostgreSQL's are NOT NULL.
          expect(twin?.nullable, where).toBe(column.notnull === 0 && column.pk === 0);
        }
        const keys = columns
          .filter((column) => column.pk > 0)
          .map((column) => column.name)
          .sort();
        expect(await pgPrimaryKey(db, table), table).toEqual(keys);
      }
      expect(bigints.sort()).toEqual(BIGINT_COLUMNS);
    } finally {
      lite.close();
    }
  });

  it('keep every row of a database made by 0001, with the later columns defaulted', async () => {
    const { url, db } = await database(false);
    expect(await migrateToLatest({ url }, FIRST)).toEqual([ALL[0]]);
    const tables = await fillEveryPgTable(url);
    expect(tables.length).toBeGreaterThan(40);
    await sql`INSERT INTO recorded_notifications (id, user_id, account_id, type, data, created_at)
              VALUES (2, 1, 1, 'Ged-GSDocumentUploaded', '{}', 'x')`.execute(db);
    const before = await pgSnapshot(db, tables);

    expect(await migrateToLatest({ url })).toEqual(ALL.slice(1));
    await pgSameRows(before, db);
    expect(await pgRecorded(db)).toEqual(ALL);
    expect((await sql`SELECT next_jti, next_iat, next_exp FROM retired_tokens`.execute(db)).rows).toEqual([
      { next_jti: null, next_iat: null, next_exp: null },
    ]);
    expect(
      (await sql`SELECT id, readers, reader_id FROM recorded_notifications ORDER BY id`.execute(db)).rows,
    ).toEqual([
      { id: 1, readers: null, reader_id: null },
      { id: 2, readers: '["CLGED0001"]', reader_id: null },
    ]);
    expect((await sql`SELECT base_version FROM manifest_drafts`.execute(db)).rows).toEqual([
      { base_version: null },
    ]);
    expect((await sql`SELECT COUNT(*) AS n FROM entity_invitations`.execute(db)).rows).toEqual([{ n: 0 }]);
    expect(
      (
        await sql`SELECT 1 AS found FROM pg_indexes WHERE indexname = 'recorded_notifications_created'`.execute(
          db,
        )
      ).rows,
    ).toHaveLength(1);
  });

  it('two instances at once: one migrates, the other waits for its advisory lock and finds nothing to do', async () => {
    const { url, db } = await database(false);
    const first = ALL[0] ?? '';
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // A first migration that takes 500 ms: the other instance asks for the lock while it runs.
    const slow = {
      ...MIGRATIONS,
      [first]: {
        up: async (on: Kysely<unknown>) => {
          await sleep(500);
          await MIGRATIONS[first]?.up(on);
        },
      },
    };
    const timed = async () => {
      const started = Date.now();
      const applied = await migrateToLatest({ url }, slow);
      return { applied, ms: Date.now() - started };
    };
    const reports = await Promise.all([timed(), timed()]);
    const [migrated, waited] = [...reports].sort((a, b) => b.applied.length - a.applied.length);
    expect(migrated?.applied).toEqual(ALL);
    expect(waited?.applied).toEqual([]);
    expect(waited?.ms).toBeGreaterThan(300);
    expect(await pgRecorded(db)).toEqual(ALL);
  });

  it('roll back every pending migration when one fails, and say which', async () => {
    const { url, db } = await database(false);
    const failing = {
      ...MIGRATIONS,
      '0006-failing': { up: () => Promise.reject(new Error('no such thing')) },
    };
    await expect(migrateToLatest({ url }, failing)).rejects.toThrow(
      'migration 0006-failing failed: no such thing (nothing was applied)',
    );
    expect(await pgTables(db)).toEqual([]);
    expect(await pgRecorded(db)).toEqual([]);
  });

  it("the triggers, the NOCASE address and the folder search's indexes do on PostgreSQL what they do on SQLite", async () => {
    const { url } = await database(true);
    const file = join(dataDir(), 'gateway.sqlite');
    await migrateToLatest(file);
    const handle = new BetterSqlite3(file);
    handle.pragma('foreign_keys = ON');
    const lite = sqliteDb(handle) as Kysely<unknown>;
    const pg = postgresDb(url, { poolSize: 1 }) as Kysely<unknown>;
    kyselys.push(pg);
    const startedAt = 1764165030;
    const scenario = async (db: Kysely<unknown>) => {
      await sql`INSERT INTO users (id, email, first_name, last_name, is_customer, password_hash, gigya_user_id,
                  office_mobile, old_id, global_permissions, favorite_entities)
                VALUES (1, 'Ann@Example.fr', 'Ann', 'Lee', 1, '!unusable$abc', '', '', 0, '[]', '[]'),
                       (2, 'bob@example.fr', 'Bob', 'Roy', 1, 'scrypt$x', '', '', 0, '[]', '[]')`.execute(db);
      const duplicate = await sql`INSERT INTO users (email, first_name, last_name, is_customer, password_hash,
                  gigya_user_id, office_mobile, old_id, global_permissions, favorite_entities)
                VALUES ('ann@EXAMPLE.FR', 'A', 'L', 1, 'x', '', '', 0, '[]', '[]')`
        .execute(db)
        .then(
          () => 'accepted',
          () => 'refused',
        );
      await sql`INSERT INTO entities (account_id, account_number, name, is_clarity_visible)
                VALUES (10, 'A-0010', 'Alpha Conseil', 0), (11, 'A-0011', 'Beta', 0)`.execute(db);
      // Sign-ins: the last one is recorded, to the millisecond in UTC.
      await sql`INSERT INTO sessions (sid, user_id, started_at, ends_at) VALUES ('s1', 2, ${startedAt}, ${startedAt + 60})`.execute(
        db,
      );
      await sql`INSERT INTO sessions (sid, user_id, started_at, ends_at) VALUES ('s2', 2, ${startedAt + 7}, ${startedAt + 60})`.execute(
        db,
      );
      // A deleted report leaves its file to remove.
      await sql`INSERT INTO bi_reports (id, account_id, title, kind, created_at) VALUES (5, 10, 'R', 'pdf', 'x')`.execute(
        db,
      );
      await sql`INSERT INTO report_files (report_id, period, mime_type, size, storage_key) VALUES (5, '2026', 'application/pdf', 3, 'key-5')`.execute(
        db,
      );
      await sql`DELETE FROM bi_reports WHERE id = 5`.execute(db);
      // Invitations accepted by the first password: one already a membership, one expired, one to accept.
      await sql`INSERT INTO memberships (user_id, account_id, is_signatory, permissions) VALUES (1, 10, 1, '["KEPT"]')`.execute(
        db,
      );
      await sql`INSERT INTO entity_invitations (account_id, user_id, email, first_name, last_name, is_signatory,
                  permissions, invited_by, created_at, expires_at)
                VALUES (10, 1, 'ann@example.fr', 'Ann', 'Lee', 0, '["A"]', 2, 'x', '2999-01-01T00:00:00.000Z'),
                       (11, 1, 'ann@example.fr', 'Ann', 'Lee', 0, '["B"]', 2, 'x', '2000-01-01T00:00:00.000Z')`.execute(
        db,
      );
      await sql`UPDATE users SET first_name = 'Anne' WHERE id = 1`.execute(db);
      await sql`UPDATE users SET password_hash = 'scrypt$new' WHERE id = 1`.execute(db);
      const rows = async (query: string) => (await sql.raw<Row>(query).execute(db)).rows;
      return {
        duplicate,
        lastSignIns: await rows('SELECT * FROM last_sign_ins ORDER BY user_id'),
        orphans: await rows('SELECT * FROM orphan_files'),
        reportFiles: await rows('SELECT * FROM report_files'),
        memberships: await rows('SELECT * FROM memberships ORDER BY user_id, account_id'),
        invitations: await rows('SELECT account_id, status, decided_at FROM entity_invitations ORDER BY id'),
        log: await rows(
          'SELECT account_id, actor_name, action, granted, revoked, created_at FROM delegation_log',
        ),
      };
    };
    const onSqlite = await scenario(lite);
    const onPostgres = await scenario(pg);
    await lite.destroy();
    const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
    const decided = (onSqlite.invitations[0] as { decided_at: string }).decided_at;
    expect(decided).toMatch(iso);
    expect(Math.abs(Date.parse(decided) - Date.now())).toBeLessThan(60_000);
    // The same rows, but for the moment of acceptance (each database's now).
    const timeless = (result: typeof onSqlite) =>
      JSON.parse(
        JSON.stringify(result).replace(/"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"/g, (text) =>
          text === '"2025-11-26T13:50:37.000Z"' ? text : '"now"',
        ),
      ) as unknown;
    expect(onSqlite.duplicate).toBe('refused');
    expect(onSqlite.lastSignIns).toEqual([
      { user_id: 2, at: new Date((startedAt + 7) * 1000).toISOString() },
    ]);
    expect(onSqlite.orphans).toEqual([{ storage_key: 'key-5' }]);
    expect(onSqlite.memberships).toEqual([
      { user_id: 1, account_id: 10, is_signatory: 1, permissions: '["KEPT"]' },
    ]);
    expect(onSqlite.log).toEqual([
      {
        account_id: 10,
        actor_name: 'Anne Lee',
        action: 'invitation.accepted',
        granted: '["A"]',
        revoked: '[]',
        created_at: decided,
      },
    ]);
    expect(timeless(onPostgres)).toEqual(timeless(onSqlite));

    // The folder search: pg_trgm's indexes serve a substring of a name or an account number, any case.
    const client = await postgresPool(url, { poolSize: 1 }).connect();
    try {
      await client.query('SET enable_seqscan = off');
      for (const [column, index] of [
        ['name', 'entities_search_name'],
        ['account_number', 'entities_search_account_number'],
      ]) {
        const plan = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT account_id FROM entities WHERE ${column ?? ''} ILIKE '%lph%'`,
        );
        expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n'), column).toContain(index);
      }
      expect(
        (await client.query("SELECT account_id FROM entities WHERE name ILIKE '%ALPHA co%'")).rows,
      ).toEqual([{ account_id: 10 }]);
    } finally {
      client.release(true);
    }
  });

  it('answer counts, sums and bigint columns as numbers, and give the next key after explicit ones', async () => {
    const { url } = await database(true);
    const db = postgresDb(url, { poolSize: 1 }) as Kysely<unknown>;
    kyselys.push(db);
    await sql`INSERT INTO users (id, email, first_name, last_name, is_customer, password_hash, gigya_user_id,
                office_mobile, old_id, global_permissions, favorite_entities)
              VALUES (1, 'a@x.fr', 'A', 'A', 1, 'h', '', '', 0, '[]', '[]'),
                     (7, 'b@x.fr', 'B', 'B', 1, 'h', '', '', 0, '[]', '[]')`.execute(db);
    const ms = Date.now();
    await sql`INSERT INTO retired_tokens (jti, dies_at_ms, exp) VALUES ('j', ${ms}, ${Math.floor(ms / 1000)})`.execute(
      db,
    );
    await sql`INSERT INTO bank_transactions (bank_account_id, account_id, booked_on, label, amount_cents)
              VALUES (1, 1, '2026-01-01', 'x', 3000000000), (1, 1, '2026-01-02', 'y', 5)`.execute(db);
    expect((await sql`SELECT dies_at_ms, exp FROM retired_tokens`.execute(db)).rows).toEqual([
      { dies_at_ms: ms, exp: Math.floor(ms / 1000) },
    ]);
    expect(
      (
        await sql`SELECT COUNT(*) AS n, SUM(amount_cents) AS total, AVG(amount_cents) AS mean FROM bank_transactions`.execute(
          db,
        )
      ).rows,
    ).toEqual([{ n: 2, total: 3000000005, mean: 1500000002.5 }]);
    await expect(sql`SELECT 9007199254740993::bigint AS n`.execute(db)).rejects.toThrow(
      /beyond JS's safe integers/,
    );

    // The seeds insert people with their ids: a later account gets the next one, as in SQLite.
    await advanceIdentities(db);
    const next = await sql<{ id: number }>`INSERT INTO users (email, first_name, last_name, is_customer,
                password_hash, gigya_user_id, office_mobile, old_id, global_permissions, favorite_entities)
              VALUES ('c@x.fr', 'C', 'C', 1, 'h', '', '', 0, '[]', '[]') RETURNING id`.execute(db);
    expect(next.rows).toEqual([{ id: 8 }]);
    await advanceIdentities(db);
    const after = await sql<{
      id: number;
    }>`INSERT INTO bank_transactions (bank_account_id, account_id, booked_on,
                label, amount_cents) VALUES (1, 1, '2026-01-03', 'z', 1) RETURNING id`.execute(db);
    expect(after.rows).toEqual([{ id: 3 }]);
  });

  it('migrate --status and migrate on the command line, with GATEWAY_DATABASE_URL', async () => {
    const { url, db } = await database(false);
    const dir = dataDir();
    const gateway = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts', ...args], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { ...process.env, GATEWAY_DATA_DIR: dir, GATEWAY_DEMO: '', GATEWAY_DATABASE_URL: url },
        timeout: 60_000,
      });
    const shown = url.replace(/:[^:@/]+@/, ':***@');
    const fresh = gateway('migrate', '--status');
    expect(fresh.status, fresh.stderr).toBe(0);
    expect(fresh.stdout.split('\n')[0]).toBe(shown);
    for (const name of ALL) expect(fresh.stdout).toMatch(new RegExp(`${name} +pending`));

    const applied = gateway('migrate');
    expect(applied.status, applied.stderr).toBe(0);
    for (const name of ALL) expect(applied.stdout).toContain(`applied ${name}`);
    expect(await pgRecorded(db)).toEqual(ALL);

    const status = gateway('migrate', '--status');
    expect(status.status, status.stderr).toBe(0);
    for (const name of ALL)
      expect(status.stdout).toMatch(new RegExp(`${name} +applied \\d{4}-\\d\\d-\\d\\dT`));
    expect(status.stdout).toContain('up to date');
    // Nothing went to SQLite: no file in the data dir.
    expect(readdirSafe(dir)).toEqual([]);

    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('9999-from-the-future', ${new Date().toISOString()})`.execute(
      db,
    );
    const refused = gateway('migrate');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(
      `${shown} was migrated by a newer gateway (migration 9999-from-the-future`,
    );
    expect(refused.stderr).not.toContain(new URL(url).password);
  }, 90_000);
});

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
