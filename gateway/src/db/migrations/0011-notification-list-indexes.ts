// Migration 0011 (issue 28, item 7: a firm's volume of data): the notification list's indexes, found by the
// scale bench on a person with 100,000 notifications.
// - The list reads newest first by (created_at, id): an index in that whole order lets PostgreSQL walk it
//   backwards and stop at the page's end (with 0001's (user_id, created_at) it sorted every notification of
//   the person: 520 ms). It replaces 0001's index, whose every use it serves (SQLite's already ended in the
//   rowid, the id: the same order there).
// - The bell's newest readable id and a stream's replay go by id: (user_id, id) (SQLite sorted them).
// - The unread count reads only the unread ones (a partial index, on both databases): without it, every
//   notification of the person was read to find the few unread (28 ms on SQLite, 29 ms on PostgreSQL).
// - The retention purge deletes by date across all people: an index on created_at, or a full read of the
//   table at every start and every purge.
import { sql, type Kysely, type Migration } from 'kysely';

export const notificationListIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('recorded_notifications_newest')
      .ifNotExists()
      .on('recorded_notifications')
      .columns(['user_id', 'created_at', 'id'])
      .execute();
    await db.schema.dropIndex('recorded_notifications_user').ifExists().execute();
    await db.schema
      .createIndex('recorded_notifications_by_id')
      .ifNotExists()
      .on('recorded_notifications')
      .columns(['user_id', 'id'])
      .execute();
    await db.schema
      .createIndex('recorded_notifications_unread')
      .ifNotExists()
      .on('recorded_notifications')
      .column('user_id')
      .where(sql.ref('read_at'), 'is', null)
      .execute();
    await db.schema
      .createIndex('recorded_notifications_created')
      .ifNotExists()
      .on('recorded_notifications')
      .column('created_at')
      .execute();
  },
};
