// The notification centre of the gateway: it listens to the domain events of the screens, and for each
// recipient applies their settings at that moment (favourites only, and per type the in-app and e-mail
// channels): an in-app notification is recorded and pushed to their open event streams, an e-mail goes to
// the demo inbox. Reading and marking read are the calls of contract/notification-routes.ts.
import { PassThrough } from 'node:stream';
import { routes, type NotificationSettings } from '../../../kernel/contract/api.ts';
import { DOCUMENT_KIND_CODES } from '../../../kernel/contract/documents-routes.ts';
import type { NotificationFacts } from '../../../kernel/contract/notification-routes.ts';
import type { DomainEvent } from '../events.ts';
import { notFound } from '../http/http-error.ts';
import type { Handlers } from '../http/route-table.ts';
import type { Db } from '../db/connection.ts';
import type { InstanceBus } from '../db/instance-bus.ts';
import { currentUser, parseCodes, parseNumbers, type Deps } from '../kernel/deps.ts';
import { savedNotificationSettings, type NotificationSummary } from '../kernel/notification-shared.ts';
import { keepDays } from '../kernel/retention.ts';
import { createNotificationsStore, type NotificationsStore } from './notifications-store.ts';

type NotificationRoutes =
  | 'notifications'
  | 'notificationStream'
  | 'markNotificationRead'
  | 'markAllNotificationsRead'
  | 'adminPublishEvent';

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
  'Payroll-MonthSubmitted': 'Des variables de paie ont été transmises',
  'Payroll-CorrectionRequested': 'Une correction de vos variables de paie est demandée',
  'Payroll-MonthLocked': 'Vos variables de paie ont été clôturées',
};

/**
 * The codes that read the subject of each type, from the read routes, when only the type is known: an
 * event raised by the admin call (it has no subject to narrow them) and rows recorded before each row
 * kept its own. Publishers narrow them to the subject (a payslip: CLGED0001 only; an HR report: CLRAPP002
 * or CORAPP001).
 */
const READERS_OF_TYPE: Record<DomainEvent['type'], readonly string[]> = {
  'Delegation-AddDelegation': routes.entityUsers.requiresAnyOf,
  'Mandate-MandateStatusChanged': routes.entityMandates.requiresAnyOf,
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
  // The firm reviews what a customer submitted; the customers who enter the variables hear its decision.
  'Payroll-MonthSubmitted': ['COEVPO01'],
  'Payroll-CorrectionRequested': ['CLEVP001'],
  'Payroll-MonthLocked': ['CLEVP001'],
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

export type NotificationCentre = {
  handlers: Pick<Handlers, NotificationRoutes>;
  /** Ends every open stream (the server is closing: open streams would keep it waiting) and the purge. */
  close: () => void;
  /** Ends the streams opened by these sessions (sign-out, password change, revoked grant). */
  closeSessionStreams: (sids: readonly string[]) => void;
  /** The bell's count and the newest id, sent with the user context (no call of the bell's own). */
  summary: (userId: number) => Promise<NotificationSummary>;
};

/** Candidates read per query while looking for the visible ones. */
const SCAN_CHUNK = 200;

/** Rows a stream replays when it opens again after an id. */
const REPLAY_MAX = 100;

/** A candidate: what decides whether its recipient may read it (no codes: they left the entity). */
type Candidate = Omit<Awaited<ReturnType<NotificationsStore['unread']>>[number], 'permissions'> & {
  permissions: string | null;
};
/** A candidate with what the list and the streams show. */
type Shown = Awaited<ReturnType<NotificationsStore['newestFirst']>>[number];

/** A recorded notification and its recipient: what a delivery to open streams needs. */
type Recorded = { userId: number; id: number };

/**
 * The bus channel of recorded notifications: `{ recorded: [userId, id][] }`, ids only (each instance
 * reads the rows of the recipients whose streams it holds).
 */
const RECORDED = 'gateway_notifications';
/** Pairs per bus message: two ids of up to 10 digits and their punctuation, 24 bytes; below the limit. */
const PAIRS_PER_MESSAGE = 250;

function recordedOf(payload: unknown): Recorded[] {
  const pairs = (payload as { recorded?: unknown } | null)?.recorded;
  if (!Array.isArray(pairs)) return [];
  return pairs.flatMap((pair: unknown) =>
    Array.isArray(pair) && Number.isSafeInteger(pair[0]) && Number.isSafeInteger(pair[1])
      ? [{ userId: pair[0] as number, id: pair[1] as number }]
      : [],
  );
}

export async function createNotificationCentre(
  deps: Deps,
  db: Db,
  bus: InstanceBus,
  options: { retentionDays?: number; now?: () => number } = {},
): Promise<NotificationCentre> {
  const store = createNotificationsStore(db);

  // Nothing else bounds the table: every event adds a row per recipient.
  const stopPurging = await keepDays(deps, (at) => store.purgeOlderThan(at), {
    retentionDays: options.retentionDays ?? NOTIFICATION_RETENTION_DAYS,
    now: options.now ?? Date.now,
    failure: 'notification purge failed',
  });

  const streams = new Map<number, Set<PassThrough>>();
  /** The same streams by the session that opened them: a stream must not outlive its session. */
  const sessionStreams = new Map<string, Set<PassThrough>>();

  /**
   * A row shows while its recipient is still on the entity (codes there: null when they left it) and
   * still holds there one of the codes that read its subject, or it is about them. One per call: it keeps
   * the expansion of each distinct set of codes it meets.
   */
  const visibility = () => {
    const held = new Map<string, ReadonlySet<string>>();
    return (row: Candidate): boolean => {
      if (row.permissions === null) return false;
      if (row.reader_id !== null && row.reader_id === row.user_id) return true;
      let codes = held.get(row.permissions);
      if (codes === undefined) {
        codes = new Set(deps.catalogue.expand(parseCodes(row.permissions)));
        held.set(row.permissions, codes);
      }
      const readers = row.readers === null ? [] : parseCodes(row.readers);
      return readers.some((code) => codes.has(code));
    };
  };

  /** Reads `next` chunk after chunk and keeps the visible rows, until `limit` of them or the end. */
  async function visibleRows<Row extends Candidate>(
    next: (last: Row | undefined) => Promise<Row[]>,
    limit: number,
  ): Promise<Row[]> {
    const visible = visibility();
    const kept: Row[] = [];
    let last: Row | undefined;
    for (;;) {
      const rows = await next(last);
      for (const row of rows) {
        if (!visible(row)) continue;
        kept.push(row);
        if (kept.length === limit) return kept;
      }
      if (rows.length < SCAN_CHUNK) return kept;
      last = rows.at(-1);
    }
  }

  const list = (userId: number, limit: number) =>
    visibleRows<Shown>(
      (last) =>
        store.newestFirst(
          userId,
          last && { createdAt: last.created_at, id: last.id },
          Math.max(SCAN_CHUNK, limit),
        ),
      limit,
    );

  const unreadCount = async (userId: number) => {
    const visible = visibility();
    return (await store.unread(userId)).filter(visible).length;
  };

  const toNotification = (row: Shown) => ({
    id: row.id,
    type: row.type as DomainEvent['type'],
    accountId: row.account_id,
    // A shown row has a membership there, so its entity exists (memberships' foreign key).
    accountName: row.account_name ?? '',
    subjectId: row.subject_id,
    data: JSON.parse(row.data) as NotificationFacts,
    createdAt: row.created_at,
    read: row.read_at !== null,
  });

  const settingsOf = (saved: string | undefined): NotificationSettings => savedNotificationSettings(saved);

  const frameOf = (row: Shown) =>
    `event: notification\nid: ${String(row.id)}\ndata: ${JSON.stringify(toNotification(row))}\n\n`;

  /**
   * Delivers recorded notifications to the streams this process holds open, each asked again whether
   * its recipient may still read it (a right may have gone since it was recorded). The one way into
   * the streams: every instance calls it for the ids the bus announces (the recording instance's own
   * included, once), so a person's bell rings whichever instance holds their stream.
   */
  async function deliverToOpenStreams(recorded: readonly Recorded[]): Promise<void> {
    for (const { userId, id } of recorded) {
      const open = streams.get(userId);
      if (!open || open.size === 0) continue;
      const row = await store.one(userId, id);
      if (!row || !visibility()(row)) continue;
      for (const stream of open) stream.write(frameOf(row));
    }
  }

  /**
   * Every event of the screens notifies the entity's customers who may read its subject (never the
   * person who acted), each by their own settings: the in-app notifications in one transaction, then
   * the e-mails, then the delivery to open streams. Publishers publish after their own transaction has
   * committed, so a rolled-back change reaches nobody.
   */
  async function record(event: DomainEvent): Promise<void> {
    const createdAt = new Date().toISOString();
    const readers = JSON.stringify(event.readers.anyOf);
    const mails: string[] = [];
    const recorded = await store.transaction(async (tx) => {
      const recipients: (Awaited<ReturnType<typeof tx.recipients>>[number] & { member?: boolean })[] =
        await tx.recipients(event.accountId, event.readers.collaborators === true);
      // The person an event is about is told once, here, even when not among them (a collaborator
      // assigned; a person invited, who reads it once they have joined).
      const subject = event.readers.userId;
      if (subject !== undefined && !recipients.some((recipient) => recipient.id === subject)) {
        const person = await tx.person(subject, event.accountId);
        if (person) recipients.push(person);
      }
      // Who did it, by name, so that the notification says so (the portal words the sentence).
      const actor = event.actorUserId === null ? undefined : await tx.nameOf(event.actorUserId);
      const data = JSON.stringify({ ...event.data, ...(actor === undefined ? {} : { actor }) });
      const told = recipients.filter((recipient) => {
        if (recipient.id === event.actorUserId) return false;
        if (recipient.id === event.readers.userId) return true;
        const held = deps.catalogue.expand(parseCodes(recipient.permissions));
        return event.readers.anyOf.some((code) => held.includes(code));
      });
      const saved = await tx.settingsOf(told.map((recipient) => recipient.id));
      const inApp: Recorded[] = [];
      for (const recipient of told) {
        const settings = settingsOf(saved.get(recipient.id));
        if (settings.favouritesOnly && !parseNumbers(recipient.favorite_entities).includes(event.accountId))
          continue;
        const channels = settings.types[event.type];
        if (channels.inApp) {
          const id = await tx.record({
            userId: recipient.id,
            accountId: event.accountId,
            type: event.type,
            subjectId: event.subjectId ?? null,
            data,
            createdAt,
            readers,
            readerId: event.readers.userId ?? null,
          });
          inApp.push({ userId: recipient.id, id });
        }
        // Not on the entity yet (invited): their invitation is the e-mail; the portal shows this once they join.
        if (channels.email && recipient.member !== false) mails.push(recipient.email);
      }
      return inApp;
    });
    for (const email of mails)
      await deps.store.inbox.add(email, EMAIL_SUBJECTS[event.type], `${deps.portalUrl}/`, createdAt);
    for (let start = 0; start < recorded.length; start += PAIRS_PER_MESSAGE)
      await bus.publish(RECORDED, {
        recorded: recorded.slice(start, start + PAIRS_PER_MESSAGE).map(({ userId, id }) => [userId, id]),
      });
  }

  deps.events.subscribe(record);
  const stopHearing = bus.subscribe(RECORDED, (payload) => deliverToOpenStreams(recordedOf(payload)));
  // The bus may have missed messages (its PostgreSQL connection dropped): every open stream ends, and the
  // portal opens it again after the newest id it holds, which replays what it missed (and asks again
  // whether its session still lives).
  const stopGaps = bus.onGap(() => {
    for (const open of streams.values()) for (const stream of open) stream.end();
  });

  return {
    summary: async (userId) => {
      const [unread, newest] = await Promise.all([
        unreadCount(userId),
        visibleRows<Candidate>((last) => store.byIdDescending(userId, last?.id, SCAN_CHUNK), 1),
      ]);
      return { unreadCount: unread, newestId: newest[0]?.id ?? null };
    },
    close: () => {
      stopPurging();
      stopHearing();
      stopGaps();
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
        const [items, unread] = await Promise.all([list(user.id, query.limit), unreadCount(user.id)]);
        return { items: items.map(toNotification), unreadCount: unread };
      },

      notificationStream: async ({ session, query, request, reply }) => {
        const user = await currentUser(deps, session);
        // The replay is read before the stream is registered, and nothing waits between the two: the
        // replayed rows come first, then whatever is delivered live, as before.
        const replay =
          query.after === undefined
            ? []
            : await visibleRows<Shown>(
                (last) => store.newerThan(user.id, last?.id ?? query.after ?? 0, SCAN_CHUNK),
                REPLAY_MAX,
              );
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
        for (const row of replay) stream.write(frameOf(row));
        return stream;
      },

      markNotificationRead: async ({ session, params }) => {
        const user = await currentUser(deps, session);
        if (!(await store.markRead(user.id, params.id, new Date().toISOString())))
          throw notFound('The notification');
        return undefined;
      },

      markAllNotificationsRead: async ({ session }) => {
        const user = await currentUser(deps, session);
        await store.markAllRead(user.id, new Date().toISOString());
        return undefined;
      },

      adminPublishEvent: async ({ body }) => {
        if (!(await store.entityExists(body.accountId))) throw notFound(`Entity ${String(body.accountId)}`);
        await deps.events.publish({
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
