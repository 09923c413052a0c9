// The inbox table holds the e-mails the gateway "sends" (reset links, invitations, notification mails):
// the demo inbox shows them, and nothing else ever deletes them. Each write therefore drops what the
// retention no longer keeps, inside the writer's transaction, and so does every start (rows that aged
// while nobody wrote): the table stays bounded whatever signed-in people or a script make it send.
import type { Database } from 'better-sqlite3';

export type InboxRetention = {
  /** Rows older than this many days are deleted. */
  days: number;
  /** At most this many rows are kept, the newest. */
  maxRows: number;
};

/** A reset link lives an hour and an invitation a few days: 30 days shows every live one and more. */
export const DEFAULT_INBOX_RETENTION: InboxRetention = { days: 30, maxRows: 10_000 };

const DAY_MS = 24 * 3600 * 1000;

export function createInboxWriter(db: Database, retention: InboxRetention) {
  const insert = db.prepare<[string, string, string, string]>(
    'INSERT INTO inbox (to_email, subject, link, created_at) VALUES (?, ?, ?, ?)',
  );
  // Ids only grow, so "the newest maxRows" are the ids above the newest one minus maxRows.
  const purgeRows = db.prepare<[string, number]>(
    'DELETE FROM inbox WHERE created_at < ? OR id <= (SELECT MAX(id) FROM inbox) - ?',
  );
  const purge = () => {
    purgeRows.run(new Date(Date.now() - retention.days * DAY_MS).toISOString(), retention.maxRows);
  };
  purge();
  return {
    /** Same parameters as the INSERT it replaces: to, subject, link, created_at. */
    run: (to: string, subject: string, link: string, createdAt: string) => {
      insert.run(to, subject, link, createdAt);
      purge();
    },
  };
}
