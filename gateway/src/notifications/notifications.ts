// The notification centre of the gateway: it listens to the domain events of the screens, and for each
// recipient applies their settings at that moment (favourites only, and per type the in-app and e-mail
// channels): an in-app notification is recorded and pushed to their open event streams, an e-mail goes to
// the demo inbox. Reading and marking read are the calls of contract/notification-routes.ts.
import type { Database } from 'better-sqlite3';
import { PassThrough } from 'node:stream';
import { routes, type NotificationSettings } from '../../contract/api.ts';
import { DOCUMENT_KIND_CODES } from '../../contract/documents-routes.ts';
import { NOTIFICATION_EVENT_TYPES } from '../../contract/schemas.ts';
import type { DomainEvent } from '../events.ts';
import { notFound } from '../http/http-error.ts';
import type { Handlers } from '../http/route-table.ts';
import { currentUser, parseCodes, parseNumbers, type Deps } from '../routes/deps.ts';

type NotificationRow = {
  id: number;
  account_id: number;
  account_name: string;
  type: string;
  subject_id: number | null;
  data: string;
  created_at: string;
  read_at: string | null;
};

type NotificationRoutes =
  | 'notifications'
  | 'notificationStream'
  | 'markNotificationRead'
  | 'markAllNotificationsRead'
  | 'adminPublishEvent';

/** Every channel on: what a person gets before they save settings of their own. */
export function defaultNotificationSettings(): NotificationSettings {
  const channel = { email: true, inApp: true };
  const types = Object.fromEntries(NOTIFICATION_EVENT_TYPES.map((type) => [type, { ...channel }]));
  return { favouritesOnly: false, types: types as NotificationSettings['types'] };
}

/** French subjects of the demo inbox's messages, as the firm's mails would say it. */
const EMAIL_SUBJECTS: Record<DomainEvent['type'], string> = {
  'Delegation-AddDelegation': 'Une délégation a été ajoutée',
  'Mandate-MandateStatusChanged': "Le statut d'un mandat a changé",
  'Reporting-ReportCreatedCustomer': 'Un nouveau rapport BI est disponible',
  'Reporting-ReportUpdatedCustomer': 'Un rapport BI a été mis à jour',
  'Reporting-ReportCreatedCollab': 'Un nouveau rapport BI est disponible',
  'Reporting-ReportUpdatedCollab': 'Un rapport BI a été mis à jour',
  'Ged-AccountingDocumentUploaded': 'Un nouveau document comptable est disponible',
  'Ged-GSDocumentUploaded': 'Un nouveau document de gestion sociale est disponible',
  'Ged-PennylaneDocumentSyncCompleted': 'La synchronisation de vos documents est terminée',
};

/**
 * The codes that read the subject of each type, from the read routes, when only the type is known: an
 * event raised by the admin call (it has no subject to narrow them) and rows recorded before each row
 * kept its own. Publishers narrow them to the subject (a payslip: CLGED0001 only; an HR report: CLRAPP002
 * or CORAPP001).
 */
const READERS_OF_TYPE: Record<DomainEvent['type'], readonly string[]> = {
  'Delegation-AddDelegation': routes.entityUsers.requiresAnyOf,
  'Mandate-MandateStatusChanged': routes.companySheet.requiresAnyOf,
  'Reporting-ReportCreatedCustomer': routes.entityReports.requiresAnyOf,
  'Reporting-ReportUpdatedCustomer': routes.entityReports.requiresAnyOf,
  'Reporting-ReportCreatedCollab': routes.entityReports.requiresAnyOf,
  'Reporting-ReportUpdatedCollab': routes.entityReports.requiresAnyOf,
  // Legacy and accounting uploads both raise this type (documents-handlers.ts).
  'Ged-AccountingDocumentUploaded': [
    ...new Set([...DOCUMENT_KIND_CODES.legacy, ...DOCUMENT_KIND_CODES.accounting]),
  ],
  'Ged-GSDocumentUploaded': DOCUMENT_KIND_CODES['social-management'],
  'Ged-PennylaneDocumentSyncCompleted': DOCUMENT_KIND_CODES.accounting,
};

function readersOfType(type: DomainEvent['type']): DomainEvent['readers'] {
  return { anyOf: READERS_OF_TYPE[type] };
}

const HEARTBEAT_MS = 25_000;

/**
 * Open streams per person: enough for a few tabs and devices, and each holds a connection and two timers,
 * so a script opening streams in a loop cannot hold the server's sockets. The oldest goes first: the
 * newest is the tab the person is looking at (an abandoned one reconnects only if it is still open).
 */
const MAX_STREAMS_PER_USER = 5;

/** Default days a notification is kept (GATEWAY_NOTIFICATION_RETENTION_DAYS). */
const NOTIFICATION_RETENTION_DAYS = 180;
const DAY_MS = 86_400_000;
const PURGE_EVERY_MS = 3_600_000;

export type NotificationCentre = {
  handlers: Pick<Handlers, NotificationRoutes>;
  /** Ends every open stream (the server is closing: open streams would keep it waiting) and the purge. */
  close: () => void;
  /** Ends the streams opened by these sessions (sign-out, password change, revoked grant). */
  closeSessionStreams: (sids: readonly string[]) => void;
  /** The bell's count and the newest id, sent with the user context (no call of the bell's own). */
  summary: (userId: number) => NotificationSummary;
};

export type NotificationSummary = { unreadCount: number; newestId: number | null };

export function createNotificationCentre(
  deps: Deps,
  db: Database,
  options: { retentionDays?: number; now?: () => number } = {},
): NotificationCentre {
  // A row shows while its recipient is still on the entity and still holds one of its readers' codes
  // there (or it is about them): @held lists the caller's "account:" and "account:code" (viewer below).
  const VISIBLE = `n.user_id = @user
    AND (n.account_id || ':') IN (SELECT value FROM json_each(@held))
    AND (n.reader_id = n.user_id OR EXISTS (SELECT 1 FROM json_each(n.readers) r
      WHERE (n.account_id || ':' || r.value) IN (SELECT value FROM json_each(@held))))`;
  type Viewer = { user: number; held: string };
  const SELECT = `SELECT n.id, n.account_id, e.name AS account_name, n.type, n.subject_id, n.data, n.created_at, n.read_at
    FROM recorded_notifications n JOIN entities e ON e.account_id = n.account_id`;
  const q = {
    recipients: db.prepare<
      [number],
      { id: number; email: string; favorite_entities: string; permissions: string }
    >(
      'SELECT u.id, u.email, u.favorite_entities, m.permissions FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.account_id = ? AND u.is_customer = 1',
    ),
    recipient: db.prepare<
      [number],
      { id: number; email: string; favorite_entities: string; permissions: string }
    >("SELECT id, email, favorite_entities, '[]' AS permissions FROM users WHERE id = ?"),
    insert: db.prepare<
      [number, number, string, number | null, string, string, string, number | null],
      { id: number }
    >(
      'INSERT INTO recorded_notifications (user_id, account_id, type, subject_id, data, created_at, readers, reader_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
    ),
    /** Only the entities the caller has notifications of: a collaborator may be on thousands. */
    memberships: db.prepare<[number, number], { account_id: number; permissions: string }>(
      `SELECT account_id, permissions FROM memberships WHERE user_id = ?
        AND account_id IN (SELECT DISTINCT account_id FROM recorded_notifications WHERE user_id = ?)`,
    ),
    one: db.prepare<[Viewer & { id: number }], NotificationRow>(`${SELECT} WHERE n.id = @id AND ${VISIBLE}`),
    list: db.prepare<[Viewer & { limit: number }], NotificationRow>(
      `${SELECT} WHERE ${VISIBLE} ORDER BY n.created_at DESC, n.id DESC LIMIT @limit`,
    ),
    newer: db.prepare<[Viewer & { after: number }], NotificationRow>(
      `${SELECT} WHERE ${VISIBLE} AND n.id > @after ORDER BY n.id LIMIT 100`,
    ),
    unread: db.prepare<[Viewer], { total: number }>(
      `SELECT COUNT(*) AS total FROM recorded_notifications n WHERE ${VISIBLE} AND n.read_at IS NULL`,
    ),
    summary: db.prepare<[Viewer], { unread: number; newest: number | null }>(
      `SELECT COALESCE(SUM(n.read_at IS NULL), 0) AS unread, MAX(n.id) AS newest FROM recorded_notifications n WHERE ${VISIBLE}`,
    ),
    markRead: db.prepare<[string, number, number]>(
      'UPDATE recorded_notifications SET read_at = COALESCE(read_at, ?) WHERE id = ? AND user_id = ?',
    ),
    entityExists: db.prepare<[number], { account_id: number }>(
      'SELECT account_id FROM entities WHERE account_id = ?',
    ),
    purge: db.prepare<[string]>('DELETE FROM recorded_notifications WHERE created_at < ?'),
    markAllRead: db.prepare<[string, number]>(
      'UPDATE recorded_notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL',
    ),
  };

  // Nothing else bounds the table: every event adds a row per recipient.
  const retentionMs = (options.retentionDays ?? NOTIFICATION_RETENTION_DAYS) * DAY_MS;
  const now = options.now ?? Date.now;
  const purge = () => {
    q.purge.run(new Date(now() - retentionMs).toISOString());
  };
  purge();
  const purging = setInterval(purge, PURGE_EVERY_MS);
  purging.unref();

  const streams = new Map<number, Set<PassThrough>>();
  /** The same streams by the session that opened them: a stream must not outlive its session. */
  const sessionStreams = new Map<string, Set<PassThrough>>();

  const toNotification = (row: NotificationRow) => ({
    id: row.id,
    type: row.type as DomainEvent['type'],
    accountId: row.account_id,
    accountName: row.account_name,
    subjectId: row.subject_id,
    data: JSON.parse(row.data) as Record<string, string | number>,
    createdAt: row.created_at,
    read: row.read_at !== null,
  });

  /** What the caller holds now, where they have notifications (VISIBLE's @held). */
  const viewer = (userId: number): Viewer => {
    const held: string[] = [];
    for (const membership of q.memberships.all(userId, userId)) {
      const account = String(membership.account_id);
      held.push(`${account}:`);
      for (const code of deps.catalogue.expand(parseCodes(membership.permissions)))
        held.push(`${account}:${code}`);
    }
    return { user: userId, held: JSON.stringify(held) };
  };

  const settingsOf = (userId: number): NotificationSettings => {
    const row = deps.store.q.notificationSettings.get(userId);
    return row ? (JSON.parse(row.settings) as NotificationSettings) : defaultNotificationSettings();
  };

  const frameOf = (row: NotificationRow) =>
    `event: notification\nid: ${String(row.id)}\ndata: ${JSON.stringify(toNotification(row))}\n\n`;

  const push = (userId: number, notificationId: number) => {
    const open = streams.get(userId);
    if (!open || open.size === 0) return;
    // Asked again: a right may have gone since the event was recorded.
    const row = q.one.get({ ...viewer(userId), id: notificationId });
    if (!row) return;
    for (const stream of open) stream.write(frameOf(row));
  };

  // Every event of the screens notifies the entity's customers who may read its subject (never the
  // person who acted), each by their own settings. Runs inside the publisher's transaction: the change
  // and its notices go together.
  deps.events.subscribe((event) => {
    const createdAt = new Date().toISOString();
    const pushes: [number, number][] = [];
    const readers = JSON.stringify(event.readers.anyOf);
    const recipients = q.recipients.all(event.accountId);
    // A delegation's subject is told once, here, even when not among them (a collaborator assigned).
    const subject = event.type === 'Delegation-AddDelegation' ? event.subjectId : undefined;
    if (subject !== undefined && !recipients.some((recipient) => recipient.id === subject)) {
      const row = q.recipient.get(subject);
      if (row) recipients.push(row);
    }
    for (const recipient of recipients) {
      if (recipient.id === event.actorUserId) continue;
      if (recipient.id !== event.readers.userId) {
        const held = deps.catalogue.expand(parseCodes(recipient.permissions));
        if (!event.readers.anyOf.some((code) => held.includes(code))) continue;
      }
      const settings = settingsOf(recipient.id);
      if (settings.favouritesOnly && !parseNumbers(recipient.favorite_entities).includes(event.accountId))
        continue;
      const channels = settings.types[event.type];
      if (channels.inApp) {
        const inserted = q.insert.get(
          recipient.id,
          event.accountId,
          event.type,
          event.subjectId ?? null,
          JSON.stringify(event.data ?? {}),
          createdAt,
          readers,
          event.readers.userId ?? null,
        );
        if (inserted) pushes.push([recipient.id, inserted.id]);
      }
      if (channels.email)
        deps.store.q.insertInbox.run(
          recipient.email,
          EMAIL_SUBJECTS[event.type],
          `${deps.portalUrl}/`,
          createdAt,
        );
    }
    // After the publisher's transaction commits: a rolled-back change must not reach a screen.
    if (pushes.length > 0)
      setImmediate(() => {
        for (const [userId, id] of pushes) push(userId, id);
      });
  });

  return {
    summary: (userId) => {
      const row = q.summary.get(viewer(userId));
      return { unreadCount: row?.unread ?? 0, newestId: row?.newest ?? null };
    },
    close: () => {
      clearInterval(purging);
      for (const open of streams.values()) for (const stream of open) stream.end();
      streams.clear();
      sessionStreams.clear();
    },
    closeSessionStreams: (sids) => {
      for (const sid of sids) for (const stream of sessionStreams.get(sid) ?? []) stream.end();
    },
    handlers: {
      notifications: async ({ session, query }) => {
        const user = await currentUser(deps, session);
        const seen = viewer(user.id);
        return {
          items: q.list.all({ ...seen, limit: query.limit }).map(toNotification),
          unreadCount: q.unread.get(seen)?.total ?? 0,
        };
      },

      notificationStream: async ({ session, query, request, reply }) => {
        const user = await currentUser(deps, session);
        const stream = new PassThrough();
        const open = streams.get(user.id) ?? new Set<PassThrough>();
        streams.set(user.id, open);
        open.add(stream);
        // A Set keeps the order of opening: the first is the oldest.
        for (const oldest of open) {
          if (open.size <= MAX_STREAMS_PER_USER) break;
          open.delete(oldest);
          // Told, so that tab waits before opening again rather than ending the next oldest at once.
          oldest.end('event: replaced\ndata: {}\n\n');
        }
        const ofSession = sessionStreams.get(session.sid) ?? new Set<PassThrough>();
        sessionStreams.set(session.sid, ofSession);
        ofSession.add(stream);
        const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
        // The line lives no longer than the token that opened it.
        const expiry = setTimeout(() => stream.end(), Math.max(0, session.exp * 1000 - Date.now()));
        const close = () => {
          clearInterval(heartbeat);
          clearTimeout(expiry);
          open.delete(stream);
          ofSession.delete(stream);
          if (ofSession.size === 0) sessionStreams.delete(session.sid);
          if (!stream.writableEnded) stream.end();
        };
        request.raw.on('close', close);
        stream.on('finish', close);
        reply.header('Cache-Control', 'no-store');
        reply.header('X-Accel-Buffering', 'no');
        // The first bytes flush the headers, so the portal knows at once that the line is open.
        stream.write('retry: 3000\n: connected\n\n');
        if (query.after !== undefined)
          for (const row of q.newer.all({ ...viewer(user.id), after: query.after }))
            stream.write(frameOf(row));
        return stream;
      },

      markNotificationRead: async ({ session, params }) => {
        const user = await currentUser(deps, session);
        if (q.markRead.run(new Date().toISOString(), params.id, user.id).changes === 0)
          throw notFound('The notification');
        return undefined;
      },

      markAllNotificationsRead: async ({ session }) => {
        const user = await currentUser(deps, session);
        q.markAllRead.run(new Date().toISOString(), user.id);
        return undefined;
      },

      adminPublishEvent: ({ body }) => {
        if (!q.entityExists.get(body.accountId)) throw notFound(`Entity ${String(body.accountId)}`);
        deps.events.publish({
          type: body.type,
          accountId: body.accountId,
          actorUserId: null,
          ...(body.subjectId === undefined ? {} : { subjectId: body.subjectId }),
          ...(body.data === undefined ? {} : { data: body.data }),
          readers: readersOfType(body.type),
        });
        return undefined;
      },
    },
  };
}
