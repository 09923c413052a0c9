// The inbox table holds the e-mails the gateway "sends" (reset links, invitations, notification mails):
// the demo inbox shows them, and nothing else ever deletes them. Each write therefore drops what the
// retention no longer keeps, in the writer's transaction, and so does every start (rows that aged
// while nobody wrote): the table stays bounded whatever signed-in people or a script make it send.
import type { Db } from './connection.ts';
import { inTransaction } from './connection.ts';

export type InboxRetention = {
  /** Rows older than this many days are deleted. */
  days: number;
  /** At most this many rows are kept, the newest. */
  maxRows: number;
};

/** A reset link lives an hour and an invitation a few days: 30 days shows every live one and more. */
export const DEFAULT_INBOX_RETENTION: InboxRetention = { days: 30, maxRows: 10_000 };

const DAY_MS = 24 * 3600 * 1000;

export function createInbox(db: Db, retention: InboxRetention) {
  /** Drops the rows older than the retention and all but the newest maxRows. */
  const purge = async (on: Db = db): Promise<void> => {
    const cutoff = new Date(Date.now() - retention.days * DAY_MS).toISOString();
    await on.deleteFrom('inbox').where('created_at', '<', cutoff).execute();
    // Ids only grow, so "the newest maxRows" are the ids above the newest one minus maxRows.
    const newest = await on
      .selectFrom('inbox')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    if (newest?.id != null)
      await on
        .deleteFrom('inbox')
        .where('id', '<=', newest.id - retention.maxRows)
        .execute();
  };
  return {
    purge: () => purge(),
    /** Adds an e-mail and drops what the retention no longer keeps, in one transaction. */
    add: (to: string, subject: string, link: string, createdAt: string): Promise<void> =>
      inTransaction(db, async (trx) => {
        await trx
          .insertInto('inbox')
          .values({ to_email: to, subject, link, created_at: createdAt })
          .execute();
        await purge(trx);
      }),
    /** The e-mails sent to an address (compared without case), oldest first. */
    to: (email: string) =>
      db
        .selectFrom('inbox')
        .select(['to_email', 'subject', 'link', 'created_at'])
        .where((eb) => eb(eb.fn('lower', ['to_email']), '=', eb.fn('lower', [eb.val(email)])))
        .orderBy('id')
        .execute(),
  };
}
