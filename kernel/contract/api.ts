// The gateway contract in one place: every route, its auth, its schemas and its answer.
// The server registers routes from this table, scripts/openapi.ts writes openapi.json from it, and the
// portal imports the types (`import type { ApiResponse } from '../../kernel/contract/api.ts'`). What a route
// may say is RouteDefinition (route-definition.ts), which the domains' route files import, so they do not
// import this table back.
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { accountingSyncRoutes } from './accounting-sync-routes.ts';
import { analyticsRoutes } from './analytics-routes.ts';
import { documentsRoutes } from './documents-routes.ts';
import { financeRoutes } from './finance-routes.ts';
import { notificationRoutes } from './notification-routes.ts';
import { PASSWORD_MAX_LENGTH } from './password-rule.ts';
import { payrollRoutes } from './payroll-routes.ts';
import { peopleRoutes } from './people-routes.ts';
import { portfolioRoutes } from './portfolio-routes.ts';
import { studioRoutes } from './studio-routes.ts';
import type { RouteDefinition } from './route-definition.ts';
import { closedObject, entityInParams } from './schema-parts.ts';
import * as s from './schemas.ts';

const loginBody = {
  type: 'object',
  required: ['email', 'password'],
  properties: { email: { type: 'string', maxLength: 254 }, password: { type: 'string', maxLength: 200 } },
} as const;

const accountIdParams = {
  type: 'object',
  required: ['accountId'],
  properties: { accountId: s.idParams.properties.id },
} as const;

const entityInQuery = { in: 'query', name: 'accountId' } as const;
const entityInBody = { in: 'body', name: 'accountId' } as const;

/** SPEC 6: CLRAPP001 financial reports, CLRAPP002 HR reports, CORAPP001 (collaborators) both. */
const BI_REPORT_CODES = ['CLRAPP001', 'CLRAPP002', 'CORAPP001'] as const;
const BI_REPORT_ITEMS = {
  field: 'kind',
  values: { financial: ['CLRAPP001', 'CORAPP001'], hr: ['CLRAPP002', 'CORAPP001'] },
} as const;

/**
 * SPEC 6 per document kind, as the manifest's routes: legacy documents (entity.documents), accounting
 * (CLGED0002 / COGED0002, CLGEDPEN01 for the accounting-software documents), social management
 * (payslips: CLGED0001 only, see README "Reading of SPEC 6 for documents").
 */
const DOCUMENT_KIND_CODES = {
  name: 'kind',
  default: 'legacy',
  values: {
    legacy: ['COGED0001', 'CLGED0001', 'CLGED0002'],
    accounting: ['CLGED0002', 'COGED0002', 'CLGEDPEN01'],
    'social-management': ['CLGED0001'],
  },
} as const;

export const routes = {
  ...financeRoutes,
  ...documentsRoutes,
  ...portfolioRoutes,
  ...peopleRoutes,
  ...notificationRoutes,
  ...studioRoutes,
  ...analyticsRoutes,
  ...accountingSyncRoutes,
  ...payrollRoutes,
  health: {
    method: 'GET',
    path: '/health',
    auth: 'none',
    tag: 'system',
    summary: 'Liveness probe.',
    status: 200,
    response: closedObject(['ok'], { ok: { type: 'boolean', const: true } }),
  },
  userOrigin: {
    method: 'GET',
    path: '/userorigin',
    auth: 'none',
    tag: 'system',
    summary:
      'Which login page to show: GATEWAY_USER_ORIGIN (default CLIENT), overridden per request by the header X-User-Origin: COLLAB|CLIENT.',
    status: 200,
    response: { type: 'string', enum: ['COLLAB', 'CLIENT'] },
  },
  login: {
    method: 'POST',
    path: '/authentication/api/login',
    errors: [401, 429],
    auth: 'none',
    tag: 'authentication',
    summary:
      'Customer sign-in. Wrong credentials, unknown e-mail or a collaborator (who must use OIDC) → 401 invalid_credentials. 5 failed attempts per account or 20 per address in 15 min (attempts counted as they start, a success gives its own back) → 429 too_many_requests with Retry-After and retryAfterS (seconds). Hashes hashed from older parameters are re-hashed at a good sign-in.',
    status: 200,
    body: loginBody,
    response: s.tokenResponseSchema,
  },
  refreshToken: {
    method: 'POST',
    path: '/authentication/api/refreshToken',
    auth: 'bearer',
    tag: 'authentication',
    summary:
      'Next session token of the same session (same sid), its exp capped at the absolute session lifetime (GATEWAY_SESSION_MAX_AGE_S, 12 h). The presented token keeps working for a short grace (GATEWAY_REFRESH_GRACE_MS, 30 s) for requests in flight, then 401, and mints one replacement: refreshed again within its grace (another tab), it answers the newest token of the same chain, never a new one. A session that has ended or reached its lifetime → 401 session_ended.',
    status: 200,
    response: s.tokenResponseSchema,
  },
  logout: {
    method: 'POST',
    path: '/authentication/api/logout',
    auth: 'bearer',
    tag: 'authentication',
    summary:
      'Ends the session of the presented token: every token of that sign-in (before or after a refresh) answers 401 afterwards.',
    status: 204,
    body: { type: ['object', 'null'], properties: { gigyaUserId: { type: 'string', maxLength: 200 } } },
    response: null,
  },
  logoutEverywhere: {
    method: 'POST',
    path: '/authentication/api/logout-everywhere',
    auth: 'bearer',
    tag: 'authentication',
    summary: 'Sign out everywhere: ends every session of the current user (a password change does the same).',
    status: 204,
    response: null,
  },
  resetPassword: {
    method: 'POST',
    path: '/authentication/api/resetPassword',
    errors: [429],
    auth: 'none',
    tag: 'authentication',
    summary:
      'Always 204 (no user enumeration), at most one e-mail per address every 5 min; more than 10 requests per caller address in 15 min → 429 with Retry-After. For a known customer e-mail, a reset link (valid 1 h, single use) is mailed (the demo inbox in demo mode); it retires every earlier link of that user. Collaborators get none: their password belongs to the identity provider.',
    status: 204,
    body: { type: 'object', required: ['email'], properties: { email: { type: 'string', maxLength: 254 } } },
    response: null,
  },
  createNewPassword: {
    method: 'POST',
    path: '/authentication/api/createNewPassword',
    errors: [429],
    auth: 'none',
    tag: 'authentication',
    summary:
      'Sets a new password with a reset token and ends every session of that user. The token is checked first: unknown or used → 400 invalid_token, unused but past its hour → 400 expired_token (no hashing). A password that breaks the rule of contract/password-rule.ts (12 characters, not blank, not common) → 422 weak_password with its problem. More than 10 attempts per address in 15 min → 429 with Retry-After and retryAfterS.',
    status: 204,
    body: {
      type: 'object',
      required: ['token', 'password'],
      properties: {
        token: { type: 'string', minLength: 1, maxLength: 200 },
        // The rule itself (password-rule.ts) is checked after the token.
        password: { type: 'string', minLength: 1, maxLength: PASSWORD_MAX_LENGTH },
      },
    },
    response: null,
  },
  inbox: {
    method: 'GET',
    path: '/authentication/api/dev/inbox',
    auth: 'admin',
    demo: true,
    tag: 'authentication',
    summary:
      'Demo mail box, only in demo mode (GATEWAY_DEMO=on) and behind the admin guard: messages sent to that address, oldest first.',
    status: 200,
    query: {
      type: 'object',
      required: ['email'],
      properties: { email: { type: 'string', minLength: 1, maxLength: 254 } },
    },
    response: s.inboxSchema,
  },
  tokenExchange: {
    method: 'POST',
    path: '/authentication/api/token-exchange',
    errors: [401],
    auth: 'none',
    tag: 'authentication',
    summary:
      'Exchanges an access token of the embedded OIDC provider (/oidc) for a portal session token: from the collaborators’ client (portal), of that collaborator; from the customers’ single sign-on client (portal-customers), of the customer whose gigyaUserId is the provider account. The session lives as long as the provider grant. Unknown or expired access token, another client, or an account not of its client’s kind (a customer through portal, a collaborator through portal-customers) → 401.',
    status: 200,
    body: {
      type: 'object',
      required: ['accessToken'],
      properties: { accessToken: { type: 'string', minLength: 1, maxLength: 2000 } },
    },
    response: s.tokenResponseSchema,
  },
  userInformation: {
    method: 'GET',
    path: '/connect/api/get-user-information',
    auth: 'bearer',
    tag: 'user',
    summary:
      'Contact, global permissions and favourite entity ids of the current user, and the unread count of their notifications.',
    status: 200,
    response: s.userInformationSchema,
  },
  contactMe: {
    method: 'GET',
    path: '/contact/me',
    auth: 'bearer',
    tag: 'user',
    summary: 'The current user (gigyaUserId, occupation and entities are given empty, SPEC 3).',
    status: 200,
    response: s.contactSchema,
  },
  currentUserPermissions: {
    method: 'GET',
    path: '/authorization/api/authorization/currentuser',
    entityId: entityInQuery,
    auth: 'bearer',
    tag: 'user',
    summary:
      'Global permissions (accountId null), or with ?accountId=N the permissions on that entity (403 if not attached, 400 if not numeric).',
    status: 200,
    query: {
      type: 'object',
      properties: { accountId: s.accountIdQuery.properties.accountId },
    },
    response: s.permissionsSchema,
  },
  termsLatest: {
    method: 'GET',
    path: '/contact/api/terms/latest',
    auth: 'bearer',
    tag: 'terms',
    summary: 'The latest terms of use.',
    status: 200,
    response: s.termsSchema,
  },
  termsLatestContent: {
    method: 'GET',
    path: '/contact/api/terms/latest/content',
    auth: 'bearer',
    tag: 'terms',
    summary: 'Text of the latest terms in fr (default) or en.',
    status: 200,
    query: {
      type: 'object',
      properties: { language: { type: 'string', enum: ['fr', 'en'], default: 'fr' } },
    },
    response: s.termsContentSchema,
  },
  termsState: {
    method: 'GET',
    path: '/contact/api/contacts/currentuser/terms',
    auth: 'bearer',
    tag: 'terms',
    summary: 'Whether the current user accepted the latest terms; terms.termsId is the latest terms id.',
    status: 200,
    response: s.termsStateSchema,
  },
  acceptTerms: {
    method: 'PATCH',
    path: '/contact/api/contacts/currentuser/terms',
    errors: [409],
    auth: 'bearer',
    tag: 'terms',
    summary: 'Records acceptance of termsId, which must be the latest (409 otherwise). Idempotent.',
    status: 204,
    query: { type: 'object', required: ['termsId'], properties: { termsId: s.idParams.properties.id } },
    response: null,
    concurrency: 'idempotent upsert; last writer wins on acceptedAt',
  },
  notificationSettings: {
    method: 'GET',
    path: '/contact/api/contacts/currentuser/notification-settings',
    auth: 'bearer',
    tag: 'settings',
    summary: 'Notification settings of the current user (defaults: all channels on, favouritesOnly false).',
    status: 200,
    response: s.notificationSettingsSchema,
  },
  saveNotificationSettings: {
    method: 'PUT',
    path: '/contact/api/contacts/currentuser/notification-settings',
    auth: 'bearer',
    tag: 'settings',
    summary: 'Replaces the whole settings document; answers what was stored.',
    status: 200,
    body: s.notificationSettingsSchema,
    response: s.notificationSettingsSchema,
    concurrency: 'last writer wins (whole document replaced in one statement)',
  },
  homeLayout: {
    method: 'GET',
    path: '/contact/api/contacts/currentuser/home-layouts/:accountId',
    entityId: { in: 'params', name: 'accountId' },
    auth: 'bearer',
    tag: 'settings',
    summary: "The user's own home grid for that entity, or null when the manifest default applies.",
    status: 200,
    params: accountIdParams,
    response: s.homeLayoutOrNullSchema,
  },
  saveHomeLayout: {
    method: 'PUT',
    path: '/contact/api/contacts/currentuser/home-layouts/:accountId',
    entityId: { in: 'params', name: 'accountId' },
    auth: 'bearer',
    tag: 'settings',
    summary: 'Replaces the home grid of the current user for that entity; answers what was stored.',
    status: 200,
    params: accountIdParams,
    body: s.homeLayoutSchema,
    response: s.homeLayoutSchema,
    concurrency: 'last writer wins',
  },
  news: {
    method: 'GET',
    path: '/contact/api/news',
    auth: 'bearer',
    tag: 'settings',
    summary: 'RSS news items; summaryHtml is outside HTML and must be sanitised by the client. May be empty.',
    status: 200,
    response: s.newsListSchema,
  },
  accountsCurrentUser: {
    method: 'GET',
    path: '/account/api/accounts/currentuser',
    auth: 'bearer',
    tag: 'entities',
    summary:
      'Page of the entities the user is attached to, by accountId; search matches name or account number (case-insensitive substring). totalPage = ceil(totalItems / pageSize).',
    status: 200,
    query: s.pageQuery,
    response: s.entityPageSchema,
  },
  accountSummary: {
    method: 'GET',
    path: '/connect/api/accounts/:id/summary',
    entityId: entityInParams,
    auth: 'bearer',
    tag: 'entities',
    summary:
      'Entity summary; isSignatory is the current user on that entity (always false for collaborators).',
    status: 200,
    params: s.idParams,
    response: s.entitySchema,
  },
  reportsCurrentUser: {
    method: 'GET',
    path: '/reporting/api/reports/currentuser',
    entityId: entityInQuery,
    // No code needed to count: the portal's entity.hasReports fact asks for every entity; items are filtered.
    itemsRequireAnyOf: BI_REPORT_ITEMS,
    auth: 'bearer',
    tag: 'reports',
    summary:
      'Page of BI reports of the entity (totalItems = seeded biReports + deposits − deletions). pageSize defaults to 10.',
    status: 200,
    query: {
      type: 'object',
      required: ['accountId'],
      properties: {
        accountId: s.accountIdQuery.properties.accountId,
        page: s.pageQuery.properties.page,
        pageSize: { ...s.pageQuery.properties.pageSize, default: 10 },
      },
    },
    response: s.biReportPageSchema,
  },
  reports: {
    method: 'GET',
    path: '/reporting/api/reports',
    entityId: entityInQuery,
    requiresAnyOf: BI_REPORT_CODES,
    itemsRequireAnyOf: BI_REPORT_ITEMS,
    auth: 'bearer',
    tag: 'reports',
    summary: 'All BI reports of the entity, newest first.',
    status: 200,
    query: s.accountIdQuery,
    response: s.biReportListSchema,
  },
  depositReport: {
    method: 'POST',
    path: '/reporting/api/reports',
    entityId: entityInBody,
    collaboratorsOnly: true,
    auth: 'bearer',
    tag: 'reports',
    summary: 'Deposits a BI report on an entity.',
    status: 201,
    body: s.biReportDepositSchema,
    response: s.biReportSchema,
    requiresAnyOf: ['CORAP001'],
    concurrency: 'each deposit is a new row; none is lost',
  },
  deleteReport: {
    method: 'DELETE',
    path: '/reporting/api/reports/:id',
    entityId: 'handler',
    auth: 'bearer',
    tag: 'reports',
    summary:
      "Deletes a BI report. Membership and permission of the report's entity are checked first: an id of another entity or one that never existed → 403; a report already deleted from an entity the caller may delete on → 404.",
    status: 204,
    params: s.idParams,
    response: null,
    requiresAnyOf: ['CORAP003'],
    action: 'biReports.delete',
    concurrency: 'first delete wins; others 404',
  },
  offers: {
    method: 'GET',
    path: '/offer/api/offers',
    auth: 'bearer',
    tag: 'offers',
    summary: 'Offers catalogue.',
    status: 200,
    response: s.offerListSchema,
  },
  subscriptions: {
    method: 'GET',
    path: '/offer/api/accounts/:id/subscriptions',
    entityId: entityInParams,
    auth: 'bearer',
    tag: 'offers',
    summary: 'Subscriptions of the entity.',
    status: 200,
    params: s.idParams,
    response: s.subscriptionListSchema,
  },
  indicators: {
    method: 'GET',
    path: '/registry/api/accounts/:id/indicators',
    entityId: entityInParams,
    auth: 'bearer',
    tag: 'entities',
    summary: 'Key indicators of the entity.',
    status: 200,
    params: s.idParams,
    response: s.indicatorListSchema,
    requiresAnyOf: ['CLKPI0001', 'COKPI0001'],
  },
  documents: {
    method: 'GET',
    path: '/accounting-integration/api/accounts/:id/documents',
    entityId: entityInParams,
    requiresAnyOfByQuery: DOCUMENT_KIND_CODES,
    auth: 'bearer',
    tag: 'entities',
    summary: 'Documents of the entity of one kind (default legacy).',
    status: 200,
    params: s.idParams,
    query: {
      type: 'object',
      properties: { kind: { type: 'string', enum: s.DOCUMENT_KINDS, default: 'legacy' } },
    },
    response: s.documentListSchema,
    // CLGEDPEN01 alone is enough: the home widget accounting/documents is shown to its holders.
    requiresAnyOf: ['COGED0001', 'COGED0002', 'CLGED0001', 'CLGED0002', 'CLGEDPEN01'],
  },
  slots: {
    method: 'GET',
    path: '/booking/api/slots',
    auth: 'bearer',
    tag: 'booking',
    summary: 'Appointment slots with their availability.',
    status: 200,
    response: s.slotListSchema,
  },
  createBooking: {
    method: 'POST',
    path: '/booking/api/bookings',
    errors: [409],
    auth: 'bearer',
    tag: 'booking',
    summary: 'Books a slot: unknown slot → 404, already booked → 409.',
    status: 201,
    body: {
      type: 'object',
      required: ['slotId'],
      properties: { slotId: { type: 'integer', minimum: 1, maximum: 2147483647 } },
    },
    response: s.bookingSchema,
    concurrency: 'first writer wins (conditional update); the others 409',
  },
  bookings: {
    method: 'GET',
    path: '/booking/api/bookings',
    auth: 'bearer',
    tag: 'booking',
    summary: "The current user's bookings.",
    status: 200,
    response: s.bookingListSchema,
  },
  adminAddFault: {
    method: 'POST',
    path: '/__admin/faults',
    auth: 'admin',
    tag: 'admin',
    summary:
      'Adds a fault rule for requests whose path matches pathPattern (regex) and method: latency, status, or a dropped connection, for count requests and/or until untilMs (epoch ms).',
    status: 201,
    body: s.faultSchema,
    response: closedObject(['id'], { id: { type: 'integer' } }),
  },
  adminClearFaults: {
    method: 'DELETE',
    path: '/__admin/faults',
    auth: 'admin',
    tag: 'admin',
    summary: 'Removes every fault rule.',
    status: 204,
    response: null,
  },
  adminSetNews: {
    method: 'PUT',
    path: '/__admin/news',
    auth: 'admin',
    tag: 'admin',
    summary: 'Replaces the RSS news items (in memory) so tests can serve hostile HTML or an empty feed.',
    status: 204,
    body: {
      type: 'object',
      required: ['items'],
      properties: { items: { type: 'array', maxItems: 100, items: s.newsItemSchema } },
    },
    response: null,
  },
  adminExpireResetLinks: {
    method: 'POST',
    path: '/__admin/reset-links/expire',
    auth: 'admin',
    demo: true,
    tag: 'admin',
    summary:
      'Demo mode only: every unused reset or invitation link of that address expires now, so the expired-link page can be shown without waiting an hour.',
    status: 204,
    body: {
      type: 'object',
      required: ['email'],
      properties: { email: { type: 'string', minLength: 1, maxLength: 254 } },
    },
    response: null,
  },
  adminReset: {
    method: 'POST',
    path: '/__admin/reset',
    auth: 'admin',
    tag: 'admin',
    summary: 'Wipes and reseeds the database, clears faults, news and revocations.',
    status: 204,
    response: null,
  },
} as const satisfies Record<string, RouteDefinition>;

export type Routes = typeof routes;
export type RouteId = keyof Routes;
/** The routes the portal may call: all but the gateway's test and demo tools (`auth: 'admin'`). */
export type PortalRoutes = { [K in RouteId as Routes[K]['auth'] extends 'admin' ? never : K]: Routes[K] };

type SchemaType<R, K extends 'params' | 'query' | 'body'> =
  R extends Record<K, infer S extends JSONSchema> ? FromSchema<S> : undefined;

export type ApiParams<K extends RouteId> = SchemaType<Routes[K], 'params'>;
export type ApiQuery<K extends RouteId> = SchemaType<Routes[K], 'query'>;
export type ApiBody<K extends RouteId> = SchemaType<Routes[K], 'body'>;
// What a caller sends: a property with a default may be left out (the parsed input above has it).
type InputType<R, K extends 'query' | 'body'> =
  R extends Record<K, infer S extends JSONSchema>
    ? FromSchema<S, { keepDefaultedPropertiesOptional: true }>
    : undefined;
export type ApiQueryInput<K extends RouteId> = InputType<Routes[K], 'query'>;
export type ApiBodyInput<K extends RouteId> = InputType<Routes[K], 'body'>;
export type ApiResponse<K extends RouteId> = Routes[K]['response'] extends infer S extends JSONSchema
  ? FromSchema<S>
  : undefined;

export type Contact = FromSchema<typeof s.contactSchema>;
export type Entity = FromSchema<typeof s.entitySchema>;
export type BiReport = FromSchema<typeof s.biReportSchema>;
export type NotificationSettings = FromSchema<typeof s.notificationSettingsSchema>;
export type NotificationEventType = (typeof s.NOTIFICATION_EVENT_TYPES)[number];
export type HomeLayout = FromSchema<typeof s.homeLayoutSchema>;
export type NewsItem = FromSchema<typeof s.newsItemSchema>;
export type Fault = FromSchema<typeof s.faultSchema>;

/** Claims of a portal session token (HS256, signed with jose). */
export type SessionClaims = {
  sub: string;
  email: string;
  gigyaUserId: string;
  isCustomer: boolean;
  iat: number;
  exp: number;
  jti: string;
  /** Session id: the same on every token of one sign-in; sign-out ends the session, not one token. */
  sid: string;
  iss: string;
  aud: string;
};
