// The shared tables' queries (users, entities and memberships, terms, settings, layouts, reports, offers,
// reset links, the demo inbox) as named async operations over `Db` (db/connection.ts), built with Kysely's
// query builder: the same code runs on SQLite and PostgreSQL. `q` is the old synchronous face of the same
// store (better-sqlite3 statements): the sessions' statements, which the sign-in session moves out, and the
// few statements the other domains still call until they are converted; it goes once nobody uses it.
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from './connection.ts';
import { inTransaction } from './connection.ts';
import type { Tables } from './tables.ts';
import { DEFAULT_INBOX_RETENTION, createInbox } from './inbox.ts';
import type { InboxRetention } from './inbox.ts';

export type UserRow = Selectable<Tables['users']>;

export type MembershipRow = Pick<Selectable<Tables['memberships']>, 'is_signatory' | 'permissions'>;
/** An entity as one of its members sees it. */
export type EntityRow = Pick<
  Selectable<Tables['entities']>,
  'account_id' | 'account_number' | 'name' | 'is_clarity_visible'
> &
  Pick<Selectable<Tables['memberships']>, 'is_signatory'>;
type SubscriptionRow = Selectable<Tables['subscriptions']>;
export type ReportRow = Selectable<Tables['bi_reports']>;
type EntityUserRow = Pick<
  Selectable<Tables['users']>,
  'id' | 'first_name' | 'last_name' | 'email' | 'is_customer'
> &
  Pick<Selectable<Tables['memberships']>, 'is_signatory' | 'permissions'>;

// LIKE patterns built from user text: escape the wildcards so "%" and "_" are searched literally.
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * `lower(column) LIKE lower(pattern) ESCAPE '\'`: without case on both databases (SQLite's LIKE ignores
 * the case of ASCII letters, PostgreSQL's does not; lower() folds the same letters on SQLite), with the
 * escape character that likePattern uses (SQLite has no default one).
 */
function likeWithoutCase(column: 'e.name' | 'e.account_number', pattern: string) {
  return sql<boolean>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
}

/** The shared store's operations over `db`, or over a transaction of it (`inTransaction` below). */
/** A member of an entity as the lists show them: the user's identity and the membership's rights. */
export const MEMBER_COLUMNS = [
  'u.id',
  'u.first_name',
  'u.last_name',
  'u.email',
  'u.is_customer',
  'm.is_signatory',
  'm.permissions',
] as const;

function sharedOperations(db: Db, inboxRetention: InboxRetention) {
  const entityOfMember = () =>
    db
      .selectFrom('memberships as m')
      .innerJoin('entities as e', 'e.account_id', 'm.account_id')
      .select(['e.account_id', 'e.account_number', 'e.name', 'e.is_clarity_visible', 'm.is_signatory']);
  const entitiesMatching = (userId: number, search: string) => {
    const pattern = likePattern(search);
    return db
      .selectFrom('memberships as m')
      .innerJoin('entities as e', 'e.account_id', 'm.account_id')
      .where('m.user_id', '=', userId)
      .where((eb) =>
        eb.or([likeWithoutCase('e.name', pattern), likeWithoutCase('e.account_number', pattern)]),
      );
  };
  const reportsOfKinds = (accountId: number, kinds: readonly string[]) =>
    db.selectFrom('bi_reports').where('account_id', '=', accountId).where('kind', 'in', kinds);

  const users = {
    byId: (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    /** Compared without case (the address as typed may differ from the stored one in case only). */
    byEmail: (email: string) =>
      db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)])))
        .executeTakeFirst(),
    /** A customer by the id of their single sign-on account (never the empty id of collaborators). */
    byGigyaId: (gigyaId: string) =>
      db
        .selectFrom('users')
        .selectAll()
        .where('gigya_user_id', '=', gigyaId)
        .where('gigya_user_id', '<>', '')
        .where('is_customer', '=', 1)
        .executeTakeFirst(),
    /**
     * A person without single sign-on account yet (setGigyaId); answers their id, or undefined when the
     * address is taken (the insert is the check: no other writer can slip in between).
     */
    insert: async (person: {
      email: string;
      firstName: string;
      lastName: string;
      isCustomer: boolean;
      passwordHash: string;
      oldId: number;
      globalPermissions: readonly string[];
    }): Promise<number | undefined> => {
      const row = await db
        .insertInto('users')
        .values({
          email: person.email,
          first_name: person.firstName,
          last_name: person.lastName,
          is_customer: person.isCustomer ? 1 : 0,
          password_hash: person.passwordHash,
          gigya_user_id: '',
          office_mobile: '',
          old_id: person.oldId,
          global_permissions: JSON.stringify(person.globalPermissions),
          favorite_entities: '[]',
        })
        // Any conflict: the e-mail's unique index is the only one an insert without id can break.
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },
    setGigyaId: async (id: number, gigyaId: string): Promise<void> => {
      await db.updateTable('users').set({ gigya_user_id: gigyaId }).where('id', '=', id).execute();
    },
    setPassword: async (id: number, passwordHash: string): Promise<void> => {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
    },
    /** Only if unchanged meanwhile: a re-hash never overwrites a password set by a reset in between. */
    replacePasswordHash: async (id: number, passwordHash: string, previous: string): Promise<boolean> => {
      const result = await db
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', id)
        .where('password_hash', '=', previous)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };

  const entities = {
    /** The user's entities whose name or number contains `search` (no case), by account id. */
    page: (userId: number, search: string, limit: number, offset: number): Promise<EntityRow[]> =>
      entitiesMatching(userId, search)
        .select(['e.account_id', 'e.account_number', 'e.name', 'e.is_clarity_visible', 'm.is_signatory'])
        .orderBy('e.account_id')
        .limit(limit)
        .offset(offset)
        .execute(),
    count: async (userId: number, search: string): Promise<number> => {
      const row = await entitiesMatching(userId, search)
        .select((eb) => eb.fn.countAll().as('total'))
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },
    allOfUser: (userId: number): Promise<EntityRow[]> =>
      entityOfMember().where('m.user_id', '=', userId).orderBy('e.account_id').execute(),
    /** The entity as its member `userId` sees it; undefined when they are not attached to it. */
    ofMember: (userId: number, accountId: number): Promise<EntityRow | undefined> =>
      entityOfMember()
        .where('m.user_id', '=', userId)
        .where('e.account_id', '=', accountId)
        .executeTakeFirst(),
    subscriptions: (accountId: number): Promise<SubscriptionRow[]> =>
      db
        .selectFrom('subscriptions')
        .select(['account_id', 'offer_code', 'status'])
        .where('account_id', '=', accountId)
        .orderBy('offer_code')
        .execute(),
    /** The entity's members, by name. */
    users: (accountId: number): Promise<EntityUserRow[]> =>
      db
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(MEMBER_COLUMNS)
        .where('m.account_id', '=', accountId)
        .orderBy('u.last_name')
        .orderBy('u.first_name')
        .orderBy('u.id')
        .execute(),
  };

  const memberships = {
    /** The distinct rights (`memberships.permissions`) the user holds across their entities. */
    rightsSets: async (userId: number): Promise<string[]> => {
      const rows = await db
        .selectFrom('memberships')
        .select('permissions')
        .distinct()
        .where('user_id', '=', userId)
        .execute();
      return rows.map((row) => row.permissions);
    },
    of: (userId: number, accountId: number): Promise<MembershipRow | undefined> =>
      db
        .selectFrom('memberships')
        .select(['is_signatory', 'permissions'])
        .where('user_id', '=', userId)
        .where('account_id', '=', accountId)
        .executeTakeFirst(),
    insert: async (
      userId: number,
      accountId: number,
      isSignatory: boolean,
      permissions: readonly string[],
    ): Promise<void> => {
      await db
        .insertInto('memberships')
        .values({
          user_id: userId,
          account_id: accountId,
          is_signatory: isSignatory ? 1 : 0,
          permissions: JSON.stringify(permissions),
        })
        .execute();
    },
    delete: async (userId: number, accountId: number): Promise<void> => {
      await db
        .deleteFrom('memberships')
        .where('user_id', '=', userId)
        .where('account_id', '=', accountId)
        .execute();
    },
  };

  const terms = {
    latest: () => db.selectFrom('terms').selectAll().orderBy('terms_id', 'desc').limit(1).executeTakeFirst(),
    /** The terms the user accepted last, if any. */
    acceptedBy: async (userId: number): Promise<number | undefined> =>
      (
        await db
          .selectFrom('terms_acceptances')
          .select('terms_id')
          .where('user_id', '=', userId)
          .executeTakeFirst()
      )?.terms_id,
    accept: async (userId: number, termsId: number, acceptedAt: string): Promise<void> => {
      await db
        .insertInto('terms_acceptances')
        .values({ user_id: userId, terms_id: termsId, accepted_at: acceptedAt })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ terms_id: termsId, accepted_at: acceptedAt }))
        .execute();
    },
  };

  const notificationSettings = {
    /** The settings as saved (JSON), if the user ever saved them. */
    of: async (userId: number): Promise<string | undefined> =>
      (
        await db
          .selectFrom('notification_settings')
          .select('settings')
          .where('user_id', '=', userId)
          .executeTakeFirst()
      )?.settings,
    save: async (userId: number, settings: string, updatedAt: string): Promise<void> => {
      await db
        .insertInto('notification_settings')
        .values({ user_id: userId, settings, updated_at: updatedAt })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ settings, updated_at: updatedAt }))
        .execute();
    },
  };

  const homeLayouts = {
    /** The layout as saved (JSON), if the user ever saved one for the entity. */
    of: async (userId: number, accountId: number): Promise<string | undefined> =>
      (
        await db
          .selectFrom('home_layouts')
          .select('layout')
          .where('user_id', '=', userId)
          .where('account_id', '=', accountId)
          .executeTakeFirst()
      )?.layout,
    save: async (userId: number, accountId: number, layout: string, updatedAt: string): Promise<void> => {
      await db
        .insertInto('home_layouts')
        .values({ user_id: userId, account_id: accountId, layout, updated_at: updatedAt })
        .onConflict((oc) =>
          oc.columns(['user_id', 'account_id']).doUpdateSet({ layout, updated_at: updatedAt }),
        )
        .execute();
    },
  };

  const reports = {
    /** How many reports of these kinds (the ones the caller may see) the entity has. */
    countOfKinds: async (accountId: number, kinds: readonly string[]): Promise<number> => {
      if (kinds.length === 0) return 0;
      const row = await reportsOfKinds(accountId, kinds)
        .select((eb) => eb.fn.countAll().as('total'))
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },
    /** Newest first; every one when `page` is left out. */
    ofKinds: (
      accountId: number,
      kinds: readonly string[],
      page?: { limit: number; offset: number },
    ): Promise<ReportRow[]> => {
      if (kinds.length === 0) return Promise.resolve([]);
      const query = reportsOfKinds(accountId, kinds)
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc');
      return (page === undefined ? query : query.limit(page.limit).offset(page.offset)).execute();
    },
    byId: (id: number): Promise<ReportRow | undefined> =>
      db.selectFrom('bi_reports').selectAll().where('id', '=', id).executeTakeFirst(),
    insert: (report: {
      accountId: number;
      title: string;
      kind: string;
      createdAt: string;
      createdBy: number;
    }): Promise<ReportRow> =>
      db
        .insertInto('bi_reports')
        .values({
          account_id: report.accountId,
          title: report.title,
          kind: report.kind,
          created_at: report.createdAt,
          created_by: report.createdBy,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    /** Deletes it and remembers its entity: a later delete of the same id is checked against it. */
    delete: async (id: number, accountId: number): Promise<void> => {
      await db.deleteFrom('bi_reports').where('id', '=', id).execute();
      await db.insertInto('deleted_reports').values({ id, account_id: accountId }).execute();
    },
    /** The entity of a deleted report. */
    deletedAccountOf: async (id: number): Promise<number | undefined> =>
      (await db.selectFrom('deleted_reports').select('account_id').where('id', '=', id).executeTakeFirst())
        ?.account_id,
  };

  const slots = {
    all: () => db.selectFrom('slots').selectAll().orderBy('starts_at').orderBy('slot_id').execute(),
    byId: (slotId: number) =>
      db.selectFrom('slots').selectAll().where('slot_id', '=', slotId).executeTakeFirst(),
    /** Conditional update: of two concurrent bookings of one slot, exactly one answers true. */
    book: async (slotId: number, userId: number): Promise<boolean> => {
      const result = await db
        .updateTable('slots')
        .set({ booked_by: userId })
        .where('slot_id', '=', slotId)
        .where('booked_by', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };

  const bookings = {
    /** Answers the booking's id. */
    insert: async (slotId: number, userId: number, createdAt: string): Promise<number> =>
      (
        await db
          .insertInto('bookings')
          .values({ slot_id: slotId, user_id: userId, created_at: createdAt })
          .returning('booking_id')
          .executeTakeFirstOrThrow()
      ).booking_id,
    ofUser: (userId: number) =>
      db
        .selectFrom('bookings as b')
        .innerJoin('slots as s', 's.slot_id', 'b.slot_id')
        .select(['b.booking_id', 'b.slot_id', 's.starts_at', 's.ends_at', 's.advisor', 'b.created_at'])
        .where('b.user_id', '=', userId)
        .orderBy('s.starts_at')
        .execute(),
  };

  // Reset links are stored by the hash of their token; `nowS` and `expires_at` are in seconds.
  const resetTokens = {
    insert: async (tokenHash: string, userId: number, expiresAt: number): Promise<void> => {
      await db
        .insertInto('reset_tokens')
        .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt })
        .execute();
    },
    /** Marks a live link used; answers its user, or undefined when it is unknown, used or expired. */
    use: async (tokenHash: string, usedAt: string, nowS: number): Promise<number | undefined> =>
      (
        await db
          .updateTable('reset_tokens')
          .set({ used_at: usedAt })
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', nowS)
          .returning('user_id')
          .executeTakeFirst()
      )?.user_id,
    /** One live reset link per user: issuing or using one retires the others. */
    retireOfUser: async (userId: number, usedAt: string): Promise<void> => {
      await db
        .updateTable('reset_tokens')
        .set({ used_at: usedAt })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },
    isLive: async (tokenHash: string, nowS: number): Promise<boolean> =>
      (await db
        .selectFrom('reset_tokens')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowS)
        .executeTakeFirst()) !== undefined,
    /** An unused link whose hour has passed: the person is told it expired and offered a new one. */
    isExpired: async (tokenHash: string, nowS: number): Promise<boolean> =>
      (await db
        .selectFrom('reset_tokens')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '<=', nowS)
        .executeTakeFirst()) !== undefined,
    /** Demo and tests: every unused link of that address (compared without case) expires now. */
    expireForEmail: async (email: string, nowS: number): Promise<void> => {
      await db
        .updateTable('reset_tokens')
        .set({ expires_at: nowS })
        .where('used_at', 'is', null)
        .where('user_id', 'in', (eb) =>
          eb
            .selectFrom('users')
            .select('id')
            .where((inner) =>
              inner(inner.fn('lower', ['email']), '=', inner.fn('lower', [inner.val(email)])),
            ),
        )
        .execute();
    },
  };

  return {
    users,
    entities,
    memberships,
    terms,
    notificationSettings,
    homeLayouts,
    reports,
    slots,
    bookings,
    resetTokens,
    /** The e-mails the gateway "sends" (db/inbox.ts): added with the retention's purge, read by address. */
    inbox: createInbox(db, inboxRetention),
    likePattern,
    /** The database or the transaction these operations run on, for another domain's store to join it. */
    db,
  };
}

type SharedOperations = ReturnType<typeof sharedOperations>;

/** The shared store over `db`; `inTransaction` hands its work the same store bound to the transaction. */
export type SharedStore = SharedOperations & {
  inTransaction: <T>(work: (store: SharedStore) => Promise<T>) => Promise<T>;
};

function createSharedStore(db: Db, inboxRetention: InboxRetention = DEFAULT_INBOX_RETENTION): SharedStore {
  return {
    ...sharedOperations(db, inboxRetention),
    // Inside, every query goes through the transaction (a query on the outer `db` would wait for it for ever).
    inTransaction: (work) => inTransaction(db, (trx) => work(createSharedStore(trx, inboxRetention))),
  };
}

/** The shared store over the database; its `inTransaction` hands work the same store bound to a transaction. */
export function createStore(db: Db, inboxRetention: InboxRetention = DEFAULT_INBOX_RETENTION): SharedStore {
  return createSharedStore(db, inboxRetention);
}

export type Store = SharedStore;
