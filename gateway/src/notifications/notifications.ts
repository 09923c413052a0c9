// The notification centre of the gateway: it listens to the domain events of the screens, and for each
// recipient applies their settings at that moment (favourites only, and per type the in-app and e-mail
// channels): an in-app notification is recorded and pushed to their open event streams, an e-mail goes to
// the demo inbox. Reading and marking read are the calls of contract/notification-routes.ts.
import type { Database } from 'better-sqlite3';
import { PassThrough } from 'node:stream';
import type { NotificationSettings } from '../../contract/api.ts';
import { NOTIFICATION_EVENT_TYPES } from '../../contract/schemas.ts';
import type { DomainEvent } from '../events.ts';
import { notFound } from '../http/http-error.ts';
import type { Handlers } from '../http/route-table.ts';
import { currentUser, parseNumbers, type Deps } from '../routes/deps.ts';

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

const HEARTBEAT_MS = 25_000;

export type NotificationCentre = {
  handlers: Pick<Handlers, NotificationRoutes>;
  /** Ends every open stream (the server is closing: open streams would keep it waiting). */
  closeStreams: () => void;
  /** Ends the streams opened by these sessions (sign-out, password change, revoked grant). */
  closeSessionStreams: (sids: readonly string[]) => void;
  /** The bell's count and the newest id, sent with the user context (no call of the bell's own). */
  summary: (userId: number) => NotificationSummary;
};

export type NotificationSummary = { unreadCount: number; newestId: number | null };

export function createNotificationCentre(deps: Deps, db: Database): NotificationCentre {
  // Databases made before the centre read notifications have no read mark yet.
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(recorded_notifications)').all();
  if (!columns.some((column) => column.name === 'read_at'))
    db.exec('ALTER TABLE recorded_notifications ADD COLUMN read_at TEXT');

  const SELECT = `SELECT n.id, n.account_id, e.name AS account_name, n.type, n.subject_id, n.data, n.created_at, n.read_at
    FROM recorded_notifications n JOIN entities e ON e.account_id = n.account_id`;
  const q = {
    recipients: db.prepare<[number], { id: number; email: string; favorite_entities: string }>(
      'SELECT u.id, u.email, u.favorite_entities FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.account_id = ? AND u.is_customer = 1',
    ),
    recipient: db.prepare<[number], { id: number; email: string; favorite_entities: string }>(
      'SELECT id, email, favorite_entities FROM users WHERE id = ?',
    ),
    insert: db.prepare<[number, number, string, number | null, string, string], { id: number }>(
      'INSERT INTO recorded_notifications (user_id, account_id, type, subject_id, data, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
    ),
    one: db.prepare<[number], NotificationRow>(`${SELECT} WHERE n.id = ?`),
    list: db.prepare<[number, number], NotificationRow>(
      `${SELECT} WHERE n.user_id = ? ORDER BY n.created_at DESC, n.id DESC LIMIT ?`,
    ),
    newer: db.prepare<[number, number], NotificationRow>(
      `${SELECT} WHERE n.user_id = ? AND n.id > ? ORDER BY n.id LIMIT 100`,
    ),
    unread: db.prepare<[number], { total: number }>(
      'SELECT COUNT(*) AS total FROM recorded_notifications WHERE user_id = ? AND read_at IS NULL',
    ),
    summary: db.prepare<[number], { unread: number; newest: number | null }>(
      'SELECT COALESCE(SUM(read_at IS NULL), 0) AS unread, MAX(id) AS newest FROM recorded_notifications WHERE user_id = ?',
    ),
    markRead: db.prepare<[string, number, number]>(
      'UPDATE recorded_notifications SET read_at = COALESCE(read_at, ?) WHERE id = ? AND user_id = ?',
    ),
    entityExists: db.prepare<[number], { account_id: number }>(
      'SELECT account_id FROM entities WHERE account_id = ?',
    ),
    markAllRead: db.prepare<[string, number]>(
      'UPDATE recorded_notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL',
    ),
  };

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

  const settingsOf = (userId: number): NotificationSettings => {
    const row = deps.store.q.notificationSettings.get(userId);
    return row ? (JSON.parse(row.settings) as NotificationSettings) : defaultNotificationSettings();
  };

  const frameOf = (row: NotificationRow) =>
    `event: notification\nid: ${String(row.id)}\ndata: ${JSON.stringify(toNotification(row))}\n\n`;

  const push = (userId: number, notificationId: number) => {
    const open = streams.get(userId);
    if (!open || open.size === 0) return;
    const row = q.one.get(notificationId);
    if (!row) return;
    for (const stream of open) stream.write(frameOf(row));
  };

  // Every event of the screens notifies the entity's customers (never the person who acted), each by
  // their own settings. Runs inside the publisher's transaction: the change and its notices go together.
  deps.events.subscribe((event) => {
    const createdAt = new Date().toISOString();
    const pushes: [number, number][] = [];
    const recipients = q.recipients.all(event.accountId);
    // A delegation's subject is told once, here, even when not among them (a collaborator assigned).
    const subject = event.type === 'Delegation-AddDelegation' ? event.subjectId : undefined;
    if (subject !== undefined && !recipients.some((recipient) => recipient.id === subject)) {
      const row = q.recipient.get(subject);
      if (row) recipients.push(row);
    }
    for (const recipient of recipients) {
      if (recipient.id === event.actorUserId) continue;
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
      const row = q.summary.get(userId);
      return { unreadCount: row?.unread ?? 0, newestId: row?.newest ?? null };
    },
    closeStreams: () => {
      for (const open of streams.values()) for (const stream of open) stream.end();
      streams.clear();
      sessionStreams.clear();
    },
    closeSessionStreams: (sids) => {
      for (const sid of sids) for (const stream of sessionStreams.get(sid) ?? []) stream.end();
    },
    handlers: {
      notifications: ({ session, query }) => {
        const user = currentUser(deps, session);
        return {
          items: q.list.all(user.id, query.limit).map(toNotification),
          unreadCount: q.unread.get(user.id)?.total ?? 0,
        };
      },

      notificationStream: ({ session, query, request, reply }) => {
        const user = currentUser(deps, session);
        const stream = new PassThrough();
        const open = streams.get(user.id) ?? new Set<PassThrough>();
        streams.set(user.id, open);
        open.add(stream);
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
          for (const row of q.newer.all(user.id, query.after)) stream.write(frameOf(row));
        return stream;
      },

      markNotificationRead: ({ session, params }) => {
        const user = currentUser(deps, session);
        if (q.markRead.run(new Date().toISOString(), params.id, user.id).changes === 0)
          throw notFound('The notification');
        return undefined;
      },

      markAllNotificationsRead: ({ session }) => {
        const user = currentUser(deps, session);
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
        });
        return undefined;
      },
    },
  };
}
