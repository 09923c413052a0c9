// What the migrations share: statements run one at a time (a driver prepares one statement per call),
// the dialect a migration runs on (each one has its SQLite and its PostgreSQL statements), and the checks
// that let a step tolerate a data dir where the gateway's open-time code of an earlier version already
// made it (SQLite data dirs made before migrations existed are adopted, not rebuilt; a PostgreSQL database
// has only ever been made by the migrations, so its steps check nothing).
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** The database a migration runs on (db/connection.ts's dialectOf, for the untyped migration instance). */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The format of SQLite's `strftime('%Y-%m-%dT%H:%M:%fZ', …)` for PostgreSQL's to_char (of a timestamp in
 * UTC): ISO 8601 to the millisecond, as the gateway's `new Date().toISOString()` writes dates.
 */
export const PG_ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** Runs the statements of the database `db` is on, one at a time. */
export async function runStatementsOf(
  db: Kysely<unknown>,
  statements: { sqlite: readonly string[]; postgres: readonly string[] },
): Promise<void> {
  await runStatements(db, isPostgres(db) ? statements.postgres : statements.sqlite);
}

export async function runStatements(db: Kysely<unknown>, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** The columns a table has now (none when the table does not exist). */
async function columnsOf(db: Kysely<unknown>, table: string): Promise<Set<string>> {
  const tables = await db.introspection.getTables();
  return new Set(tables.find((found) => found.name === table)?.columns.map((column) => column.name) ?? []);
}

/** Whether a table, index or trigger of that name exists. */
export async function schemaObjectExists(db: Kysely<unknown>, name: string): Promise<boolean> {
  const { rows } = await sql<{
    found: number;
  }>`SELECT 1 AS found FROM sqlite_master WHERE name = ${name}`.execute(db);
  return rows.length > 0;
}

/** Adds the columns the table lacks, in order; those already there are left as they are. */
export async function addMissingColumns(
  db: Kysely<unknown>,
  table: string,
  columns: readonly (readonly [name: string, definition: string])[],
): Promise<string[]> {
  const present = await columnsOf(db, table);
  const added: string[] = [];
  for (const [name, definition] of columns) {
    if (present.has(name)) continue;
    await sql.raw(`ALTER TABLE ${table} ADD COLUMN ${name} ${definition}`).execute(db);
    added.push(name);
  }
  return added;
}
