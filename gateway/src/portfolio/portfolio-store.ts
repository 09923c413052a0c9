// Folders, favourites, company sheets, offers and MOD requests, subscriptions and mandates. The tables are
// this screen family's own (made by db/migrations, 0001) and carry no foreign keys, so the shared seed's
// DELETE FROM entities never trips on them; they are reseeded whenever the shared seed ran (meta key gone).
import { sql } from 'kysely';
import type { Expression, SqlBool } from 'kysely';
import { dialectOf, inTransaction } from '../db/connection.ts';
import { entityColumn } from '../db/lookups-store.ts';
import type { Db } from '../db/connection.ts';

/**
 * SQLite's folder search index (entities_search, db/migrations 0001): the entities' names and numbers in
 * trigrams, so a search of three characters or more reads the few matching entities instead of LIKE over
 * every folder of the user (measured over 5,004 folders: about 1.5 ms a request, which 100 connections
 * turned into a p99 over a second). Kept in step with the entities table by triggers; LIKE still decides
 * each row (the index folds case beyond ASCII, LIKE does not). Trigrams: a shorter search cannot use it.
 * On PostgreSQL, pg_trgm's GIN indexes on entities.name and entities.account_number serve ILIKE itself.
 */
const INDEXED_SEARCH_MIN = 3;

/** The search as one FTS5 phrase: a substring of a name or number, quotes doubled. */
const phraseOf = (search: string) => `"${search.replaceAll('"', '""')}"`;

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** A JSON array of numbers as stored in users.favorite_entities; anything else counts as none. */
function parseIds(json: string): number[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : [];
}

/** A count as the driver answers it: PostgreSQL's bigint comes as a string. */
type DbNumber = number | string | bigint;

type FolderQuery = {
  userId: number;
  q: string;
  sort: 'name' | 'accountNumber';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
};
export type ListQuery<Sort extends string> = {
  userId: number;
  /**
   * The rights (`memberships.permissions`, as stored) of the caller's memberships whose entities this list
   * may show: an entity is listed when the caller's membership of it has one of them.
   */
  rights: readonly string[];
  q: string;
  status: string | undefined;
  sort: Sort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
};
type ModSort = 'createdAt' | 'accountName' | 'status';
type MandateSort = 'startsOn' | 'accountName' | 'status';

/** What asking for an offer did: the request made, or why none was. */
type OfferRequestOutcome =
  | { made: true; row: { id: number; account_id: number; offer_code: string; created_at: string } }
  | { made: false; reason: 'subscribed' | 'pending' };

/** The store's operations over `db`, a transaction or not. */
function portfolioQueries(db: Db) {
  const dialect = dialectOf(db);

  /**
   * `column` contains `search`, case aside. SQLite's LIKE ignores ASCII case (its lower() folds ASCII only,
   * so lower() on both sides would miss "É" in "École"); PostgreSQL's LIKE does not, its ILIKE does (and
   * pg_trgm's GIN indexes serve it). The PostgreSQL branch cannot be run yet (no PostgreSQL in the tests).
   */
  const contains = (column: Expression<string>, search: string) =>
    dialect === 'sqlite'
      ? sql<SqlBool>`${column} LIKE ${likePattern(search)} ESCAPE '\\'`
      : sql<SqlBool>`${column} ILIKE ${likePattern(search)} ESCAPE '\\'`;

  /** The entity `e`'s name or number contains `search`. */
  const entityMatches = (search: string) =>
    sql<SqlBool>`(${contains(sql.ref('e.name'), search)} OR ${contains(sql.ref('e.account_number'), search)})`;

  /** Names sort case aside on both databases (migration 0008 indexes lower(name)). */
  const entityName = sql<string>`lower(e.name)`;

  const favoriteIds = async (userId: number): Promise<number[]> => {
    const row = await db
      .selectFrom('users')
      .select('favorite_entities')
      .where('id', '=', userId)
      .executeTakeFirst();
    return parseIds(row?.favorite_entities ?? '[]');
  };

  const modRequestsFrom = () =>
    db
      .selectFrom('mod_requests as r')
      .innerJoin('entities as e', 'e.account_id', 'r.account_id')
      .innerJoin('users as u', 'u.id', 'r.requested_by')
      .leftJoin('mod_request_decisions as d', 'd.request_id', 'r.id');
  const modRequestColumns = [
    'r.id',
    'r.account_id',
    'e.account_number',
    'e.name as account_name',
    'r.offer_code',
    'r.status',
    'r.comment',
    sql<string>`u.first_name || ' ' || u.last_name`.as('requester'),
    'r.created_at',
    'd.decided_at',
    'd.reason',
  ] as const;

  const mandatesFrom = () =>
    db.selectFrom('mandates as d').innerJoin('entities as e', 'e.account_id', 'd.account_id');
  const mandateColumns = [
    'd.id',
    'd.account_id',
    'd.type',
    'd.status',
    'd.starts_on',
    'd.ends_on',
    'd.version',
    'e.account_number',
    'e.name as account_name',
  ] as const;

  const modRequest = (id: number) =>
    modRequestsFrom().select(modRequestColumns).where('r.id', '=', id).executeTakeFirst();
  const mandate = (id: number) =>
    mandatesFrom().select(mandateColumns).where('d.id', '=', id).executeTakeFirst();

  /** The entity's subscriptions, by offer. */
  const subscriptionsOf = (accountId: number) =>
    db
      .selectFrom('subscriptions')
      .select(['account_id', 'offer_code', 'status'])
      .where('account_id', '=', accountId)
      .orderBy('offer_code')
      .execute();

  return {
    db,

    /**
     * Favourites first, then the others, each in the sort's order. Two queries rather than one ORDER BY on
     * "is a favourite": the others are then read along the name (or number) index and stop at the page's
     * end, instead of sorting every folder of the user on each keystroke (measured: 3.6 ms → well under 1 ms
     * for the first page of 5,004).
     */
    async folders(query: FolderQuery) {
      const favorites = await favoriteIds(query.userId);
      const direction = query.order === 'desc' ? 'desc' : 'asc';
      const sort = query.sort === 'name' ? entityName : sql.ref<string>('e.account_number');
      const columns = ['e.account_id', 'e.account_number', 'e.name', 'm.is_signatory'] as const;
      if (query.q !== '') {
        // The count comes with the page (one read, not two), and the few matches are sorted favourites
        // first. On SQLite, three characters or more: the matching entities come from the trigram index,
        // then the user's memberships among them; fewer: every membership of the user is read.
        const indexed = dialect === 'sqlite' && Array.from(query.q).length >= INDEXED_SEARCH_MIN;
        const from = indexed
          ? db
              .selectFrom(sql<{ rowid: number }>`entities_search(${phraseOf(query.q)})`.as('s'))
              .innerJoin('entities as e', 'e.account_id', 's.rowid')
              .innerJoin('memberships as m', (join) =>
                join.onRef('m.account_id', '=', 'e.account_id').on('m.user_id', '=', query.userId),
              )
          : db
              .selectFrom('memberships as m')
              .innerJoin('entities as e', 'e.account_id', 'm.account_id')
              .where('m.user_id', '=', query.userId);
        const matching = from.where(entityMatches(query.q));
        const found = await matching
          .select(columns)
          .select((eb) => [
            (favorites.length === 0
              ? sql<number>`0`
              : sql<number>`${eb.case().when('e.account_id', 'in', favorites).then(1).else(0).end()}`
            ).as('is_favorite'),
            sql<DbNumber>`COUNT(*) OVER ()`.as('total'),
          ])
          .orderBy('is_favorite', 'desc')
          .orderBy(sort, direction)
          .orderBy('e.account_id')
          .limit(query.limit)
          .offset(query.offset)
          .execute();
        // No row: on the first page nothing matched; past it, the count says how far the matches go.
        const total =
          found[0]?.total ??
          (query.offset === 0
            ? 0
            : (await matching.select((eb) => eb.fn.countAll<DbNumber>().as('total')).executeTakeFirst())
                ?.total);
        return {
          rows: found.map(({ total: _total, ...row }) => row),
          total: Number(total ?? 0),
        };
      }
      // No search: a count without LIKE, the few favourites, then the others along the sort's index.
      const counted = await db
        .selectFrom('memberships')
        .select((eb) => eb.fn.countAll<DbNumber>().as('total'))
        .where('user_id', '=', query.userId)
        .executeTakeFirst();
      const favoriteRows =
        favorites.length === 0
          ? []
          : await db
              .selectFrom('memberships as m')
              .innerJoin('entities as e', 'e.account_id', 'm.account_id')
              .select(columns)
              .where('m.user_id', '=', query.userId)
              .where('m.account_id', 'in', favorites)
              .orderBy(sort, direction)
              .orderBy('e.account_id')
              .execute();
      const rows = favoriteRows
        .slice(query.offset, query.offset + query.limit)
        .map((row) => ({ ...row, is_favorite: 1 }));
      const wanted = query.limit - rows.length;
      if (wanted > 0) {
        // A cross join with the match in WHERE keeps entities as the outer loop on SQLite: it walks the
        // sort's index and stops at the page's end.
        let others = db
          .selectFrom('entities as e')
          .crossJoin('memberships as m')
          .select(columns)
          .where('m.user_id', '=', query.userId)
          .whereRef('m.account_id', '=', 'e.account_id');
        if (favorites.length > 0) others = others.where('e.account_id', 'not in', favorites);
        const page = await others
          .orderBy(sort, direction)
          .orderBy('e.account_id')
          .limit(wanted)
          .offset(Math.max(0, query.offset - favoriteRows.length))
          .execute();
        rows.push(...page.map((row) => ({ ...row, is_favorite: 0 })));
      }
      return { rows, total: Number(counted?.total ?? 0) };
    },

    /**
     * Adds the entity to the user's favourites, or takes it out. The list is rewritten only if it is still
     * the one read (another instance may write it meanwhile): a lost race reads it again.
     */
    async setFavorite(userId: number, accountId: number, favorite: boolean): Promise<void> {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const row = await db
          .selectFrom('users')
          .select('favorite_entities')
          .where('id', '=', userId)
          .executeTakeFirst();
        if (!row) return;
        const current = parseIds(row.favorite_entities);
        const next = favorite
          ? [...new Set([...current, accountId])]
          : current.filter((id) => id !== accountId);
        const result = await db
          .updateTable('users')
          .set({ favorite_entities: JSON.stringify(next) })
          .where('id', '=', userId)
          .where('favorite_entities', '=', row.favorite_entities)
          .executeTakeFirst();
        if (result.numUpdatedRows > 0n) return;
      }
      throw new Error('the favourites kept changing while they were saved');
    },

    /** The entity's name, or undefined when there is no such entity. */
    entityName: (accountId: number): Promise<string | undefined> => entityColumn(db, accountId, 'name'),

    companySheet(accountId: number) {
      return db
        .selectFrom('company_sheets')
        .select(['data', 'version', 'updated_at'])
        .where('account_id', '=', accountId)
        .executeTakeFirst();
    },

    /**
     * Saves a company sheet seen at `version`: version 0 is the unsaved default (the first writer inserts,
     * a second one with 0 is stale), another is updated only if it is still the one. False when stale.
     */
    async saveCompanySheet(accountId: number, version: number, data: string, now: string): Promise<boolean> {
      if (version === 0) {
        const inserted = await db
          .insertInto('company_sheets')
          .values({ account_id: accountId, data, version: 1, updated_at: now })
          .onConflict((oc) => oc.column('account_id').doNothing())
          .executeTakeFirst();
        return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
      }
      const updated = await db
        .updateTable('company_sheets')
        .set((eb) => ({ data, updated_at: now, version: eb('version', '+', 1) }))
        .where('account_id', '=', accountId)
        .where('version', '=', version)
        .executeTakeFirst();
      return updated.numUpdatedRows > 0n;
    },

    subscriptionsOf,

    /** The offers the entity has a request waiting for. */
    async pendingOffers(accountId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('mod_requests')
        .select('offer_code')
        .distinct()
        .where('account_id', '=', accountId)
        .where('status', '=', 'pending')
        .execute();
      return rows.map((row) => row.offer_code);
    },

    /** Asks for an offer, unless the entity has it already or a request for it is waiting. */
    requestOffer(request: {
      accountId: number;
      offerCode: string;
      comment: string;
      userId: number;
      now: string;
    }): Promise<OfferRequestOutcome> {
      return inTransaction(db, async (trx): Promise<OfferRequestOutcome> => {
        const subscribed = await trx
          .selectFrom('subscriptions')
          .select('offer_code')
          .where('account_id', '=', request.accountId)
          .where('offer_code', '=', request.offerCode)
          .where('status', '=', 'validated')
          .executeTakeFirst();
        if (subscribed) return { made: false, reason: 'subscribed' };
        const pending = await trx
          .selectFrom('mod_requests')
          .select('id')
          .where('account_id', '=', request.accountId)
          .where('offer_code', '=', request.offerCode)
          .where('status', '=', 'pending')
          .limit(1)
          .executeTakeFirst();
        if (pending) return { made: false, reason: 'pending' };
        const row = await trx
          .insertInto('mod_requests')
          .values({
            account_id: request.accountId,
            offer_code: request.offerCode,
            status: 'pending',
            comment: request.comment,
            requested_by: request.userId,
            created_at: request.now,
          })
          .returning(['id', 'account_id', 'offer_code', 'created_at'])
          .executeTakeFirstOrThrow();
        return { made: true, row };
      });
    },

    modRequest,

    /**
     * Decides a waiting request (false when it was decided already) and records who did, when and why; a
     * validation subscribes the entity (SPEC 2: a validated subscription is what the home widget rules read).
     */
    decideModRequest(decision: {
      id: number;
      accountId: number;
      offerCode: string;
      status: 'validated' | 'refused';
      userId: number;
      reason: string;
      now: string;
    }): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const decided = await trx
          .updateTable('mod_requests')
          .set({ status: decision.status })
          .where('id', '=', decision.id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (decided.numUpdatedRows === 0n) return false;
        await trx
          .insertInto('mod_request_decisions')
          .values({
            request_id: decision.id,
            decided_by: decision.userId,
            decided_at: decision.now,
            reason: decision.reason,
          })
          .onConflict((oc) =>
            oc.column('request_id').doUpdateSet((eb) => ({
              decided_by: eb.ref('excluded.decided_by'),
              decided_at: eb.ref('excluded.decided_at'),
              reason: eb.ref('excluded.reason'),
            })),
          )
          .execute();
        if (decision.status === 'validated')
          await trx
            .insertInto('subscriptions')
            .values({ account_id: decision.accountId, offer_code: decision.offerCode, status: 'validated' })
            .onConflict((oc) =>
              oc
                .columns(['account_id', 'offer_code'])
                .doUpdateSet((eb) => ({ status: eb.ref('excluded.status') })),
            )
            .execute();
        return true;
      });
    },

    /** The subscriptions of the entities where the user's membership has one of `rights`. */
    walletSubscriptions(userId: number, rights: readonly string[]) {
      if (rights.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('subscriptions as s')
        .innerJoin('entities as e', 'e.account_id', 's.account_id')
        .innerJoin('memberships as m', (join) =>
          join.onRef('m.account_id', '=', 's.account_id').on('m.user_id', '=', userId),
        )
        .select(['s.account_id', 'e.account_number', 'e.name as account_name', 's.offer_code', 's.status'])
        .where('m.permissions', 'in', rights)
        .orderBy(entityName)
        .orderBy('s.offer_code')
        .execute();
    },

    /** One page of MOD requests over the caller's entities: status filter, name/number search, sort, count. */
    async modRequests(query: ListQuery<ModSort>) {
      if (query.rights.length === 0) return { rows: [], total: 0 };
      let where = modRequestsFrom()
        .innerJoin('memberships as m', (join) =>
          join.onRef('m.account_id', '=', 'r.account_id').on('m.user_id', '=', query.userId),
        )
        .where('m.permissions', 'in', query.rights);
      if (query.status !== undefined) where = where.where('r.status', '=', query.status);
      if (query.q !== '') where = where.where(entityMatches(query.q));
      const counted = await where.select((eb) => eb.fn.countAll<DbNumber>().as('total')).executeTakeFirst();
      const sort =
        query.sort === 'createdAt'
          ? sql.ref<string>('r.created_at')
          : query.sort === 'status'
            ? sql.ref<string>('r.status')
            : entityName;
      const rows = await where
        .select(modRequestColumns)
        .orderBy(sort, query.order === 'desc' ? 'desc' : 'asc')
        .orderBy('r.id', 'desc')
        .limit(query.limit)
        .offset(query.offset)
        .execute();
      return { rows, total: Number(counted?.total ?? 0) };
    },

    /** One page of mandates over the caller's entities: status filter, name/number search, sort, count. */
    async mandates(query: ListQuery<MandateSort>) {
      if (query.rights.length === 0) return { rows: [], total: 0 };
      let where = mandatesFrom()
        .innerJoin('memberships as m', (join) =>
          join.onRef('m.account_id', '=', 'd.account_id').on('m.user_id', '=', query.userId),
        )
        .where('m.permissions', 'in', query.rights);
      if (query.status !== undefined) where = where.where('d.status', '=', query.status);
      if (query.q !== '') where = where.where(entityMatches(query.q));
      const counted = await where.select((eb) => eb.fn.countAll<DbNumber>().as('total')).executeTakeFirst();
      const sort =
        query.sort === 'startsOn'
          ? sql.ref<string>('d.starts_on')
          : query.sort === 'status'
            ? sql.ref<string>('d.status')
            : entityName;
      const rows = await where
        .select(mandateColumns)
        .orderBy(sort, query.order === 'desc' ? 'desc' : 'asc')
        .orderBy('d.id')
        .limit(query.limit)
        .offset(query.offset)
        .execute();
      return { rows, total: Number(counted?.total ?? 0) };
    },

    mandate,

    /** The entity's mandates, newest start first (a few per entity: no page). */
    entityMandates: (accountId: number) =>
      db
        .selectFrom('mandates')
        .select(['id', 'type', 'status', 'starts_on', 'ends_on'])
        .where('account_id', '=', accountId)
        .orderBy('starts_on', 'desc')
        .orderBy('id')
        .execute(),

    /** Sets a mandate's status if it is still at `version`; false when it changed since. */
    async setMandateStatus(id: number, status: string, version: number): Promise<boolean> {
      const result = await db
        .updateTable('mandates')
        .set((eb) => ({ status, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

type PortfolioQueries = ReturnType<typeof portfolioQueries>;
export type ModRequestDetailRow = NonNullable<Awaited<ReturnType<PortfolioQueries['modRequest']>>>;
export type MandateRow = NonNullable<Awaited<ReturnType<PortfolioQueries['mandate']>>>;

export function createPortfolioStore(db: Db) {
  return portfolioQueries(db);
}

export type PortfolioStore = ReturnType<typeof createPortfolioStore>;
