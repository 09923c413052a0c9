// Lookups by primary key that several domains' stores make: one query each, here, rather than a copy of
// it in every store (db imports no domain folder; the stores import this).
import type { Selectable } from 'kysely';
import { dialectOf, type Db } from './connection.ts';
import type { Tables } from './tables.ts';

/** One column of the entity `accountId`, or undefined when there is no such entity. */
export async function entityColumn<C extends 'account_id' | 'account_number' | 'name'>(
  db: Db,
  accountId: number,
  column: C,
) {
  const row = await db
    .selectFrom('entities')
    .select(column)
    .$castTo<Pick<Selectable<Tables['entities']>, C>>()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.[column];
}

/** Whether the user holds a mark kept as a row of its own: a collaborator administrator, a studio editor. */
export async function hasUserMark(
  db: Db,
  table: 'admin_collaborators' | 'studio_editors',
  userId: number,
): Promise<boolean> {
  const row = await db.selectFrom(table).select('user_id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Makes the other writes on the entity that lock it wait for this transaction: PostgreSQL locks the
 * entity's row (SELECT … FOR UPDATE); SQLite needs nothing, its one connection runs one transaction at a time.
 */
export async function lockEntityRow(db: Db, accountId: number): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await db
    .selectFrom('entities')
    .select('account_id')
    .where('account_id', '=', accountId)
    .forUpdate()
    .execute();
}
