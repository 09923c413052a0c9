// Migration 0001 is history: whatever shape its source takes, the statements it sends must stay those it
// sent when it shipped, to the letter, on both databases (SQLite keeps each table's text in sqlite_master).
// The fixture holds them as they were; the PostgreSQL ones are compiled without a server (0001 only sends
// them there).
import BetterSqlite3 from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteDialect,
  type LogEvent,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../options.ts';
import { initialSchema } from './0001-initial-schema.ts';

type Sent = { sqlite: string[]; postgres: string[] };
const SHIPPED = JSON.parse(
  readFileSync(join(REPO_ROOT, 'gateway/test/fixtures/0001-initial-schema-statements.json'), 'utf8'),
) as Sent;

/** The statements 0001 sends to a fresh database of each kind, in order. */
async function sentBy0001(): Promise<Sent> {
  const sent: Sent = { sqlite: [], postgres: [] };
  const log = (into: string[]) => (event: LogEvent) => {
    into.push(event.query.sql);
  };
  const sqlite = new Kysely<unknown>({
    dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }),
    log: log(sent.sqlite),
  });
  const postgres = new Kysely<unknown>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: log(sent.postgres),
  });
  try {
    await initialSchema.up(sqlite);
    await initialSchema.up(postgres);
  } finally {
    await sqlite.destroy();
    await postgres.destroy();
  }
  return sent;
}

describe('migration 0001', () => {
  it('sends, on SQLite and on PostgreSQL, the statements it shipped with, to the letter', async () => {
    const sent = await sentBy0001();
    expect(sent.sqlite.length).toBeGreaterThan(60);
    expect(sent.postgres.length).toBeGreaterThan(60);
    expect(sent).toEqual(SHIPPED);
  });
});
