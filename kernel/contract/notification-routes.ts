// The notification centre's calls (issue 15): the person's notifications newest first, their unread count,
// marking them read, a server-sent event stream of new ones, and an admin call that raises a domain event
// so tests and demos can make one happen. Spread into `routes`.
import type { RouteDefinition } from './route-definition.ts';
import { NOTIFICATION_EVENT_TYPES, idParams } from './schemas.ts';
import { bool, closedObject, dateTime, int, str } from './schema-parts.ts';

const eventType = { type: 'string', enum: NOTIFICATION_EVENT_TYPES } as const;

/**
 * What a delegation notice tells (its `data.kind`): someone invited a person to the entity, gave a person
 * rights there, joined it on an invitation, or assigned a collaborator to it.
 */
export type DelegationNoticeKind = 'invited' | 'granted' | 'joined' | 'assigned';

/**
 * The facts a notification's `data` may carry, each a string or a number, every one optional: events
 * recorded before a fact existed lack it, and the portal then says less, never a code.
 * - `actor`: the name of the person who acted (none: the firm's systems).
 * - `name` (a document), `title` (a report): what the event is about.
 * - `kind` (DelegationNoticeKind), `person` (whom it is about), `codes` (the permission codes given,
 *   comma-separated, which the portal names), `signatory` (1: made a signatory), `role` (a collaborator's
 *   role), `inviter` (who invited the person who joined): a delegation.
 * - `from`, `to` (mandate statuses), `type` (the mandate's type): a mandate's status change.
 * - `by`: the author of a delegation recorded before issue 30 (with `codes`).
 */
export type NotificationFacts = Partial<
  Record<
    | 'actor'
    | 'name'
    | 'title'
    | 'kind'
    | 'person'
    | 'codes'
    | 'signatory'
    | 'role'
    | 'inviter'
    | 'from'
    | 'to'
    | 'type'
    | 'by',
    string | number
  >
>;

const notificationSchema = closedObject(
  ['id', 'type', 'accountId', 'accountName', 'subjectId', 'data', 'createdAt', 'read'],
  {
    id: int,
    type: eventType,
    accountId: int,
    accountName: str,
    subjectId: { type: ['integer', 'null'] },
    /** Short facts for the message (a document name, a report title, a mandate status). */
    data: { type: 'object', additionalProperties: { type: ['string', 'number'] } },
    createdAt: dateTime,
    read: bool,
  },
);

const notificationListSchema = closedObject(['items', 'unreadCount'], {
  items: { type: 'array', items: notificationSchema },
  unreadCount: int,
});

export const notificationRoutes = {
  notifications: {
    method: 'GET',
    path: '/contact/api/contacts/currentuser/notifications',
    auth: 'bearer',
    tag: 'notifications',
    summary:
      "The current user's in-app notifications, newest first (at most `limit`), and how many are unread. Recorded when a domain event happens for the entity's customers who may read its subject (a code of the route that reads it: a payslip CLGED0001, an HR report CLRAPP002, someone's codes CLUSER001 or CLADMI001, or the person it is about), by the person's settings at that moment: none for a type whose in-app channel is off, none outside their favourite entities when favouritesOnly is on. Listed, counted and streamed only while the person still holds such a code on that entity: a right taken away hides what it showed.",
    status: 200,
    query: {
      type: 'object',
      additionalProperties: false,
      properties: { limit: { type: 'integer', minimum: 1, maximum: 100, default: 30 } },
    },
    response: notificationListSchema,
  },
  notificationStream: {
    method: 'GET',
    path: '/contact/api/contacts/currentuser/notifications/stream',
    auth: 'bearer',
    tag: 'notifications',
    summary:
      "Server-sent events: first the caller's notifications newer than `after` (the newest id the portal holds, so nothing recorded between its list and the stream is missed, at most 100), then `notification` (data: one notification, as listed) each time one is recorded for the caller, a comment every 25 s to keep proxies from closing the line; the stream ends when the session token expires (the portal reconnects with a fresh one). At most 5 streams per person: opening a sixth ends the oldest with `event: replaced` (the portal then waits its longest pause before opening again).",
    status: 200,
    query: {
      type: 'object',
      additionalProperties: false,
      properties: { after: { type: 'integer', minimum: 0, maximum: 2147483647 } },
    },
    produces: 'text/event-stream',
    response: null,
  },
  markNotificationRead: {
    method: 'POST',
    path: '/contact/api/contacts/currentuser/notifications/:id/read',
    auth: 'bearer',
    tag: 'notifications',
    summary: "Marks one of the caller's notifications as read (404 for another person's). Idempotent.",
    status: 204,
    params: idParams,
    response: null,
    concurrency: 'idempotent; the first read time is kept',
  },
  markAllNotificationsRead: {
    method: 'POST',
    path: '/contact/api/contacts/currentuser/notifications/read-all',
    auth: 'bearer',
    tag: 'notifications',
    summary: 'Marks every notification of the caller as read. Idempotent.',
    status: 204,
    response: null,
    concurrency: 'idempotent',
  },
  adminPublishEvent: {
    method: 'POST',
    path: '/__admin/events',
    auth: 'admin',
    tag: 'admin',
    summary:
      "Raises a domain event as a screen would (no actor): the entity's customers who hold a code of the route that reads that type (without a subject to narrow it: every kind of the type) are notified by their settings.",
    status: 204,
    body: closedObject(['type', 'accountId'], {
      type: eventType,
      accountId: int,
      subjectId: int,
      data: { type: 'object', additionalProperties: { type: ['string', 'number'] }, maxProperties: 10 },
    }),
    response: null,
  },
} as const satisfies Record<string, RouteDefinition>;
