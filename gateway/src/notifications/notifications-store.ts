// The notification centre's rows: who an event reaches (an entity's customers, a delegation's subject)
// and their settings, the recorded notifications, and the candidates of what a person may read. Who may
// read a row depends on the codes the person holds now, expanded by the permission catalogue, so the
// store returns each candidate with what decides it (its readers, the person's membership there) and the
// centre keeps the visible ones: the same code on SQLite and PostgreSQL, no JSON functions in the SQL.
import { transactionalStore, type Db } from '../db/connection.ts';
import { entityColumn } from '../db/lookups-store.ts';

/** A person an event may reach, with their codes on the entity (none for a delegation's subject). */
type Recipient = { id: number; email: string; favorite_entities: string; permissions: string };

/** What a notification was recorded with. */
type NewNotification = {
  userId: number;
  accountId: number;
  type: string;
  subjectId: number | null;
  data: string;
  createdAt: string;
  /** JSON array of the codes, one of which the recipient must hold on the entity. */
  readers: string;
  /** The person it is about, who reads it anyway. */
  readerId: number | null;
};

function notificationQueries(db: Db) {
  /**
   * A person's notifications on the entities they are still a member of, with what decides whether
   * they may read each (readers, reader_id, the membership's codes). Index: recorded_notifications_unread
   * (db/migrations 0011) for the unread ones.
   */
  const candidates = (userId: number) =>
    db
      .selectFrom('recorded_notifications as n')
      .innerJoin('memberships as m', (join) =>
        join.onRef('m.user_id', '=', 'n.user_id').onRef('m.account_id', '=', 'n.account_id'),
      )
      .where('n.user_id', '=', userId)
      .select(['n.id', 'n.user_id', 'n.account_id', 'n.readers', 'n.reader_id', 'm.permissions']);

  /** A person's notifications as `take` orders and bounds them (on `n`, the recorded_notifications row). */
  type Take = (rows: ReturnType<typeof ownRows>) => ReturnType<typeof ownRows>;
  const ownRows = (userId: number) =>
    db.selectFrom('recorded_notifications as n').selectAll('n').where('n.user_id', '=', userId);

  /**
   * A window of the person's notifications (`take` orders and bounds it along an index of 0011), then
   * their membership's codes and the entity's name. The window comes first: joined before the LIMIT,
   * PostgreSQL took the join with the memberships for a filter of few rows and sorted every notification of
   * the person (520 ms for 100,000). A row whose entity the person left comes with no codes (null): the
   * centre never shows it. Ordered again outside by `take`'s keys (a join keeps no order).
   */
  const shownWindow = (userId: number, take: Take) =>
    db
      .selectFrom(take(ownRows(userId)).as('n'))
      .leftJoin('memberships as m', (join) =>
        join.onRef('m.user_id', '=', 'n.user_id').onRef('m.account_id', '=', 'n.account_id'),
      )
      .leftJoin('entities as e', 'e.account_id', 'n.account_id')
      .select([
        'n.id',
        'n.user_id',
        'n.account_id',
        'n.readers',
        'n.reader_id',
        'm.permissions',
        'e.name as account_name',
        'n.type',
        'n.subject_id',
        'n.data',
        'n.created_at',
        'n.read_at',
      ]);

  return {
    /** The entity's customers with their codes there. */
    /** The entity's customers, or its collaborators. */
    recipients(accountId: number, collaborators = false): Promise<Recipient[]> {
      return db
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['u.id', 'u.email', 'u.favorite_entities', 'm.permissions'])
        .where('m.account_id', '=', accountId)
        .where('u.is_customer', '=', collaborators ? 0 : 1)
        .execute();
    },

    /**
     * Someone told as the subject of an event, whatever their membership (no codes), and whether they are
     * on the entity yet (an invited person is not, until they join).
     */
    async person(userId: number, accountId: number): Promise<(Recipient & { member: boolean }) | undefined> {
      const row = await db
        .selectFrom('users as u')
        .leftJoin('memberships as m', (join) =>
          join.onRef('m.user_id', '=', 'u.id').on('m.account_id', '=', accountId),
        )
        .select(['u.id', 'u.email', 'u.favorite_entities', 'm.user_id as member_id'])
        .where('u.id', '=', userId)
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          email: row.email,
          favorite_entities: row.favorite_entities,
          permissions: '[]',
          member: row.member_id !== null,
        }
      );
    },

    /** The name a notification gives the person who acted, as it is now (undefined: no such user). */
    async nameOf(userId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select(['first_name', 'last_name'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return row && `${row.first_name} ${row.last_name}`;
    },

    /** The saved settings (JSON) of those who saved some. */
    async settingsOf(userIds: readonly number[]): Promise<Map<number, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('notification_settings')
        .select(['user_id', 'settings'])
        .where('user_id', 'in', [...userIds])
        .execute();
      return new Map(rows.map((row) => [row.user_id, row.settings]));
    },

    /** Records one and answers its id. */
    async record(row: NewNotification): Promise<number> {
      const { id } = await db
        .insertInto('recorded_notifications')
        .values({
          user_id: row.userId,
          account_id: row.accountId,
          type: row.type,
          subject_id: row.subjectId,
          data: row.data,
          created_at: row.createdAt,
          readers: row.readers,
          reader_id: row.readerId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** One of the person's, shown (permissions null: no longer a member there). */
    one: (userId: number, id: number) =>
      shownWindow(userId, (rows) => rows.where('n.id', '=', id)).executeTakeFirst(),

    /**
     * The person's `limit` newest (created_at, then id) from after `before` on, shown; fewer only at the
     * end. Index: recorded_notifications_newest, walked backwards.
     */
    newestFirst(userId: number, before: { createdAt: string; id: number } | undefined, limit: number) {
      return shownWindow(userId, (rows) => {
        let page = rows;
        if (before !== undefined)
          page = page.where((eb) =>
            eb.or([
              eb('n.created_at', '<', before.createdAt),
              eb.and([eb('n.created_at', '=', before.createdAt), eb('n.id', '<', before.id)]),
            ]),
          );
        return page.orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(limit);
      })
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
        .execute();
    },

    /** The person's `limit` first recorded after the id `after`, oldest first (a stream's replay), shown. */
    newerThan: (userId: number, after: number, limit: number) =>
      shownWindow(userId, (rows) => rows.where('n.id', '>', after).orderBy('n.id').limit(limit))
        .orderBy('n.id')
        .execute(),

    /** Unread candidates, without what only the list shows. */
    unread: (userId: number) => candidates(userId).where('n.read_at', 'is', null).execute(),

    /**
     * The person's `limit` newest by id, below `beforeId` if given (the newest readable one's id), shown.
     * Index: recorded_notifications_by_id.
     */
    byIdDescending(userId: number, beforeId: number | undefined, limit: number) {
      return shownWindow(userId, (rows) =>
        (beforeId === undefined ? rows : rows.where('n.id', '<', beforeId))
          .orderBy('n.id', 'desc')
          .limit(limit),
      )
        .orderBy('n.id', 'desc')
        .execute();
    },

    /** Marks one of the person's read (kept at its first reading); false when it is not theirs. */
    async markRead(userId: number, id: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('recorded_notifications')
        .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.val(at)) }))
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async markAllRead(userId: number, at: string): Promise<void> {
      await db
        .updateTable('recorded_notifications')
        .set({ read_at: at })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .execute();
    },

    entityExists: async (accountId: number): Promise<boolean> =>
      (await entityColumn(db, accountId, 'account_id')) !== undefined,

    async purgeOlderThan(at: string): Promise<void> {
      await db.deleteFrom('recorded_notifications').where('created_at', '<', at).execute();
    },
  };
}

export function createNotificationsStore(db: Db) {
  return transactionalStore(db, notificationQueries);
}

export type NotificationsStore = ReturnType<typeof createNotificationsStore>;
