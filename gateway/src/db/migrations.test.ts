// Migrations (issue 28): a database made by 0001 with rows in every table keeps them through the later
// migrations; a data dir made before migrations existed is adopted; two gateways opening one fresh data
// dir at once migrate it once; `migrate --status` through the real command line.
import BetterSqlite3 from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../options.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';

const ALL = Object.keys(MIGRATIONS);
const FIRST = { '0001-initial-schema': MIGRATIONS['0001-initial-schema'] } as Record<string, Migration>;
const LEGACY_SCHEMA = readFileSync(join(REPO_ROOT, 'gateway/src/db/legacy-f7fc12b-schema.sql'), 'utf8');
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
    const opened = await openDatabase(dir, { reset: false, demo: false }, fastHash);
    const db = opened.handle;
    try {
      sameRows(before, db);
      expect(recorded(db)).toEqual(ALL);
      // The modules' tables 0001 made, and the folder search's index read the entity already there.
      expect(db.prepare('SELECT COUNT(*) AS n FROM documents').get()).toEqual({ n: 0 });
      expect(
        db.prepare('SELECT rowid FROM entities_search WHERE entities_search MATCH \'"ities.na"\'').all(),
      ).toEqual([{ rowid: 1 }]);
    } finally {
      await opened.db.destroy();
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
    try {
      expect(recorded(first.handle)).toEqual(ALL);
    } finally {
      await first.db.destroy();
      await second.db.destroy();
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
