// The query plans of the calls the scale bench measures (issue 28, item 7: `npm run bench:gateway --
// --scale`): the folder search, a documents page, a folder's users and the notifications list, as their
// stores build them, on a gateway seeded with thousands of folders, documents, users and notifications.
// None may read a whole big table: SQLite's EXPLAIN QUERY PLAN must not SCAN one (a search along an index
// is `SEARCH`); PostgreSQL's plan (with the statistics autovacuum keeps) must hold no Seq Scan of one, and,
// run (EXPLAIN ANALYZE), no scan of one may read more than a page's worth of rows: an index can be walked
// whole too (the notification list once read all of a person's notifications along their user_id index
// to sort them). A full read costs in proportion to the firm's size, which the bench's ratio 100k / 1k shows
// only on a quiet machine.
// Runs on SQLite in the gateway project and on PostgreSQL in gateway-pg.
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery, type LogEvent } from 'kysely';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresPool } from '../src/db/postgres.ts';
import type { Tables } from '../src/db/tables.ts';
import { createDocumentsStore } from '../src/documents/documents-store.ts';
import { createFileStore } from '../src/documents/file-store.ts';
import { BULK_FIRST_ID } from '../src/kernel/bulk-seed.ts';
import { createNotificationsStore } from '../src/notifications/notifications-store.ts';
import { createPeopleStore } from '../src/people/people-store.ts';
import { createPortfolioStore } from '../src/portfolio/portfolio-store.ts';
import { bulkWord } from '../src/portfolio/portfolio-seed.ts';
import { databaseUrlOf, startGateway, type Started } from './helpers.ts';

/** The tables that grow with the firm: reading one whole is what this test refuses. */
const BIG_TABLES = ['documents', 'entities', 'users', 'recorded_notifications', 'memberships'];
/** Every index a documents page could go along (0001 and 0008): without them it reads every document. */
const DOCUMENTS_INDEXES = ['documents_list', 'documents_period', 'documents_name', 'documents_name_lower'];
/** Rows a scan of a big table may read on PostgreSQL: the pages read here take 200 at most. */
const MAX_ROWS_READ = 1000;

/**
 * Enough folders for PostgreSQL to search them by their trigram index: under about 10,000 it rightly reads
 * the few pages of the table instead (measured: a Seq Scan of 4,000 entities), which tells nothing of 100k.
 */
const FOLDERS = 20_000;
/** A folder of the bulk seed, and a fragment of its own name as a collaborator types it. */
const FOLDER = BULK_FIRST_ID + 500;
const FRAGMENT = bulkWord(500).slice(1, 8).toLowerCase();

/** What reads a whole big table in a query's plan (empty: none does). */
type Explain = (query: CompiledQuery, without: readonly string[]) => Promise<string[]>;

let gateway: Started;
let db: Kysely<Tables>;
let explain: Explain;
let close: () => Promise<void>;
let captured: CompiledQuery[] = [];
let paul: number;
let claire: number;

const log = (event: LogEvent) => {
  captured.push(event.query);
};

/**
 * SQLite: a SCAN of a table or of a covering index reads it whole; scans of a co-routine or of a
 * subquery's rows (named by CO-ROUTINE or MATERIALIZE, or `(subquery-N)`) and of the FTS5 folder index
 * (a VIRTUAL TABLE, searched by its MATCH) do not.
 */
function sqliteExplain(handle: BetterSqlite3.Database): Explain {
  return (query, without) => {
    handle.exec('BEGIN');
    try {
      for (const index of without) handle.exec(`DROP INDEX ${index}`);
      const details = handle
        .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${query.sql}`)
        .all(...query.parameters)
        .map((row) => row.detail);
      const derived = new Set(
        details.flatMap((detail) => /^(?:CO-ROUTINE|MATERIALIZE) (\S+)/.exec(detail)?.[1] ?? []),
      );
      return Promise.resolve(
        details.filter((detail) => {
          const scanned = /^SCAN (\S+)/.exec(detail)?.[1];
          return (
            scanned !== undefined &&
            !derived.has(scanned) &&
            !scanned.startsWith('(subquery') &&
            !detail.includes('VIRTUAL TABLE')
          );
        }),
      );
    } finally {
      handle.exec('ROLLBACK');
    }
  };
}

type PgPlan = {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PgPlan[];
};

/** PostgreSQL: every Seq Scan of a big table in the plan, and every scan of one that read too many rows. */
function fullScans(plan: PgPlan): string[] {
  const table = plan['Relation Name'] ?? '';
  const read =
    ((plan['Actual Rows'] ?? 0) +
      (plan['Rows Removed by Filter'] ?? 0) +
      (plan['Rows Removed by Index Recheck'] ?? 0)) *
    (plan['Actual Loops'] ?? 1);
  const own = !BIG_TABLES.includes(table)
    ? []
    : plan['Node Type'] === 'Seq Scan'
      ? [`Seq Scan on ${table}`]
      : read > MAX_ROWS_READ
        ? [`${plan['Node Type']} on ${table} read ${String(read)} rows`]
        : [];
  return [...own, ...(plan.Plans ?? []).flatMap(fullScans)];
}

function postgresExplain(client: pg.Client): Explain {
  return async (query, without) => {
    await client.query('BEGIN');
    try {
      for (const index of without) await client.query(`DROP INDEX ${index}`);
      const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PgPlan }[] }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${query.sql}`,
        [...query.parameters],
      );
      return rows.flatMap((row) => row['QUERY PLAN'].flatMap((plan) => fullScans(plan.Plan)));
    } finally {
      await client.query('ROLLBACK');
    }
  };
}

beforeAll(async () => {
  gateway = await startGateway({
    seedFolders: FOLDERS,
    seedDocuments: FOLDERS * 2,
    seedUsers: FOLDERS / 5,
    seedNotifications: FOLDERS,
  });
  const url = await databaseUrlOf(gateway.dataDir);
  if (url === undefined) {
    const handle = new BetterSqlite3(join(gateway.dataDir, 'gateway.sqlite'));
    db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: handle }), log });
    explain = sqliteExplain(handle);
    close = () => db.destroy();
  } else {
    db = new Kysely<Tables>({
      dialect: new PostgresDialect({ pool: postgresPool(url, { poolSize: 1 }) }),
      log,
    });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    // The statistics autovacuum keeps on a live database (the bulk seed's VACUUM ANALYZE made them, of
    // its tables; these are of every other).
    await client.query('ANALYZE');
    explain = postgresExplain(client);
    close = async () => {
      await client.end();
      await db.destroy();
    };
  }
  const idOf = async (email: string) =>
    (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  paul = await idOf('paul.collab@demo.test');
  claire = await idOf('claire.solo@demo.test');
}, 120_000);

afterAll(async () => {
  await close();
  await gateway.dispose();
});

/** The queries `work` sends, as the store compiled them (run once, for real). */
async function queriesOf(work: () => Promise<unknown>): Promise<CompiledQuery[]> {
  captured = [];
  await work();
  const queries = captured;
  captured = [];
  return queries;
}

/** Each query that reads a big table whole, with what does (none: an empty list). */
async function fullReads(
  work: () => Promise<unknown>,
  without: readonly string[] = [],
): Promise<{ sql: string; reads: string[] }[]> {
  const found = [];
  for (const query of await queriesOf(work)) {
    const reads = await explain(query, without);
    if (reads.length > 0) found.push({ sql: query.sql, reads });
  }
  return found;
}

const now = () => new Date().toISOString();
const documentsPage = () =>
  createDocumentsStore(db, createFileStore(join(gateway.dataDir, 'files'))).documentsPage(
    FOLDER,
    { kind: 'accounting', sort: 'createdAt', order: 'desc' },
    1,
    20,
  );

describe('the calls the scale bench measures read no big table whole', () => {
  it('the folder search by a client’s name, as a collaborator of every folder', async () => {
    const search = () =>
      createPortfolioStore(db).folders({
        userId: paul,
        q: FRAGMENT,
        sort: 'name',
        order: 'asc',
        limit: 20,
        offset: 0,
      });
    expect((await search()).total).toBe(1);
    expect(await fullReads(search)).toEqual([]);
  });

  it('a documents page of one folder, by date and by name', async () => {
    expect((await documentsPage()).total).toBeGreaterThan(0);
    expect(await fullReads(documentsPage)).toEqual([]);
    const byName = () =>
      createDocumentsStore(db, createFileStore(join(gateway.dataDir, 'files'))).documentsPage(
        FOLDER,
        { kind: 'accounting', sort: 'name', order: 'asc' },
        1,
        20,
      );
    expect(await fullReads(byName)).toEqual([]);
  });

  it('the users of a folder, and their count', async () => {
    const people = createPeopleStore(db);
    const filter = { accountId: FOLDER, pattern: '%%', now: now() };
    const list = () => people.listPeople({ ...filter, sort: 'name', order: 'asc', limit: 20, offset: 0 });
    expect((await list()).length).toBeGreaterThan(1);
    expect(await fullReads(list)).toEqual([]);
    expect(await fullReads(() => people.countPeople(filter))).toEqual([]);
  });

  it('the notifications list: the newest page and the unread ones', async () => {
    const notifications = createNotificationsStore(db);
    const newest = () => notifications.newestFirst(claire, undefined, 200);
    expect(await newest()).toHaveLength(200);
    expect(await fullReads(newest)).toEqual([]);
    expect(await fullReads(() => notifications.unread(claire))).toEqual([]);
  });

  it('finds the full read of a query whose indexes are gone (the check can fail)', async () => {
    const found = await fullReads(documentsPage, DOCUMENTS_INDEXES);
    expect(found.flatMap((query) => query.reads).join('\n')).toMatch(/documents/);
  });
});
