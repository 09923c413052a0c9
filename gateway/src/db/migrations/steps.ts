// What the migrations share: statements run one at a time (a driver prepares one statement per call),
// and the checks that let a step tolerate a data dir where the gateway's open-time code of an earlier
// version already made it (data dirs made before migrations existed are adopted, not rebuilt).
import { sql, type Kysely } from 'kysely';

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
