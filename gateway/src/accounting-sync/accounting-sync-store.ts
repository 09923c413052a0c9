// The accounting sync's tables (migration 0012): the entities' keys to the software, the documents the
// syncs found and each entity's last run with its lease. The only SQL of the feature.
import { sql, type Selectable, type SqlBool } from 'kysely';
import type { SyncFailure } from '../../../kernel/contract/accounting-sync-routes.ts';
import { dialectOf, transactionalStore, type Db } from '../db/connection.ts';
import type { Tables } from '../db/tables.ts';
import type { RemoteDocument } from './connector.ts';

export type SyncedDocumentRow = Selectable<Tables['accounting_documents']>;
type SyncRunRow = Selectable<Tables['accounting_sync_runs']>;

type SyncedDocumentFilters = {
  q: string | undefined;
  sort: 'issuedOn' | 'name' | 'size' | 'syncedAt';
  order: 'asc' | 'desc';
};

/** What a run changed: the new documents' ids and how many the software no longer lists. */
export type SyncOutcome = { added: { id: number; name: string }[]; removed: number };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Sort columns from the contract's closed list, never from the request text. */
const sortOf = (sort: SyncedDocumentFilters['sort']) => {
  switch (sort) {
    case 'name':
      return sql<string>`lower(name)`;
    case 'size':
      return sql.ref<number>('size');
    case 'syncedAt':
      return sql.ref<string>('first_seen_at');
    case 'issuedOn':
      return sql.ref<string>('issued_on');
  }
};

function accountingSyncQueries(db: Db) {
  const present = (accountId: number, q: string | undefined) => {
    let query = db
      .selectFrom('accounting_documents')
      .where('account_id', '=', accountId)
      .where('removed_at', 'is', null);
    const search = q?.trim() ?? '';
    if (search !== '') {
      const pattern = `%${escapeLike(search)}%`;
      // SQLite's LIKE ignores ASCII case; PostgreSQL's ILIKE is its equivalent.
      query = query.where(
        dialectOf(db) === 'sqlite'
          ? sql<SqlBool>`name LIKE ${pattern} ESCAPE '\\'`
          : sql<SqlBool>`name ILIKE ${pattern} ESCAPE '\\'`,
      );
    }
    return query;
  };

  return {
    async credential(accountId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('accounting_credentials')
        .select('token')
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return row?.token;
    },

    async setCredential(accountId: number, token: string, at: string): Promise<void> {
      await db
        .insertInto('accounting_credentials')
        .values({ account_id: accountId, token, updated_at: at })
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ token, updated_at: at }))
        .execute();
    },

    /** The entities with a key, for the scheduled syncs. */
    async accountsWithCredential(): Promise<number[]> {
      const rows = await db
        .selectFrom('accounting_credentials')
        .select('account_id')
        .orderBy('account_id')
        .execute();
      return rows.map((row) => row.account_id);
    },

    async documentsPage(accountId: number, filters: SyncedDocumentFilters, page: number, pageSize: number) {
      const counted = await present(accountId, filters.q)
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
        .executeTakeFirst();
      const rows = await present(accountId, filters.q)
        .selectAll()
        .orderBy(sortOf(filters.sort), filters.order)
        .orderBy('id', filters.order)
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { rows, total: Number(counted?.total ?? 0) };
    },

    document(id: number): Promise<SyncedDocumentRow | undefined> {
      return db.selectFrom('accounting_documents').selectAll().where('id', '=', id).executeTakeFirst();
    },

    run(accountId: number): Promise<SyncRunRow | undefined> {
      return db
        .selectFrom('accounting_sync_runs')
        .selectAll()
        .where('account_id', '=', accountId)
        .executeTakeFirst();
    },

    /**
     * Takes the entity's lease for `owner` until `untilMs` and records the run as running, unless another
     * holds a lease that has not ended: one conditional UPDATE, atomic on both databases, so of two
     * instances asking at once exactly one gets it.
     */
    async claim(
      accountId: number,
      run: { owner: string; nowMs: number; untilMs: number; trigger: string; startedAt: string },
    ): Promise<boolean> {
      await db
        .insertInto('accounting_sync_runs')
        .values({ account_id: accountId, state: 'never', trigger: run.trigger, started_at: run.startedAt })
        .onConflict((oc) => oc.column('account_id').doNothing())
        .execute();
      const claimed = await db
        .updateTable('accounting_sync_runs')
        .set({
          state: 'running',
          trigger: run.trigger,
          started_at: run.startedAt,
          finished_at: null,
          reason: null,
          added: 0,
          removed: 0,
          lease_owner: run.owner,
          lease_until_ms: run.untilMs,
        })
        .where('account_id', '=', accountId)
        .where('lease_until_ms', '<=', run.nowMs)
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    /** Records how the owner's run ended and releases the lease (a run whose lease was taken over records nothing). */
    async finish(
      accountId: number,
      owner: string,
      end: { finishedAt: string; reason: SyncFailure | null; added: number; removed: number },
    ): Promise<void> {
      await db
        .updateTable('accounting_sync_runs')
        .set({
          state: end.reason === null ? 'done' : 'failed',
          finished_at: end.finishedAt,
          ...(end.reason === null ? { last_success_at: end.finishedAt } : {}),
          reason: end.reason,
          added: end.added,
          removed: end.removed,
          lease_owner: null,
          lease_until_ms: 0,
        })
        .where('account_id', '=', accountId)
        .where('lease_owner', '=', owner)
        .execute();
    },

    /**
     * Stores what the software listed: new documents inserted, known ones updated (and back if they had
     * been removed), the ones it no longer lists marked removed. Run in the store's transaction.
     */
    async apply(
      accountId: number,
      source: string,
      found: readonly RemoteDocument[],
      at: string,
    ): Promise<SyncOutcome> {
      const known = await db
        .selectFrom('accounting_documents')
        .select(['id', 'source_id', 'removed_at'])
        .where('account_id', '=', accountId)
        .where('source', '=', source)
        .execute();
      const bySourceId = new Map(known.map((row) => [row.source_id, row]));
      const added: SyncOutcome['added'] = [];
      for (const document of found) {
        const values = {
          name: document.name,
          mime_type: document.mimeType,
          size: document.size,
          issued_on: document.issuedOn,
          source_updated_at: document.updatedAt,
        };
        const row = bySourceId.get(document.id);
        if (row === undefined) {
          const inserted = await db
            .insertInto('accounting_documents')
            .values({
              ...values,
              account_id: accountId,
              source,
              source_id: document.id,
              first_seen_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          added.push({ id: inserted.id, name: document.name });
        } else {
          await db
            .updateTable('accounting_documents')
            .set({ ...values, removed_at: null })
            .where('id', '=', row.id)
            .execute();
        }
      }
      const listed = new Set(found.map((document) => document.id));
      const gone = known.filter((row) => row.removed_at === null && !listed.has(row.source_id));
      if (gone.length > 0)
        await db
          .updateTable('accounting_documents')
          .set({ removed_at: at })
          .where(
            'id',
            'in',
            gone.map((row) => row.id),
          )
          .execute();
      return { added, removed: gone.length };
    },

    /** Forgets every key, document and run (a reset of the database: the seed starts over). */
    async wipe(): Promise<void> {
      await db.deleteFrom('accounting_documents').execute();
      await db.deleteFrom('accounting_sync_runs').execute();
      await db.deleteFrom('accounting_credentials').execute();
    },

    /** The entity's collaborators, who may read documents v2 (SPEC 6), to be told of a sync. */
    async collaboratorsOf(accountId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select('u.id')
        .where('m.account_id', '=', accountId)
        .where('u.is_customer', '=', 0)
        .orderBy('u.id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** Whether the entity holds the offer, validated. */
    async holdsOffer(accountId: number, offer: string): Promise<boolean> {
      const row = await db
        .selectFrom('subscriptions')
        .select('account_id')
        .where('account_id', '=', accountId)
        .where('offer_code', '=', offer)
        .where('status', '=', 'validated')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export function createAccountingSyncStore(db: Db) {
  return transactionalStore(db, accountingSyncQueries);
}

export type AccountingSyncStore = ReturnType<typeof createAccountingSyncStore>;
