// The analytics collector (issue 15): the portal's analytics sink posts batches of events here, only
// after the person accepted the analytics category, with sendBeacon when the page is hidden (no header can
// be set then, hence no bearer and a text/plain body read as JSON), with fetch otherwise. An admin call
// counts what was collected, for tests and `npm run analytics:report`. Spread into `routes`.
import type { RouteDefinition } from './route-definition.ts';
import { closedObject } from './schema-parts.ts';

/** An ISO 8601 time as Date.toISOString writes it (ajv here has no formats). */
const isoTime = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z$', maxLength: 40 } as const;

/**
 * No C0 or C1 control character (terminal escapes start with ESC or CSI) nor a bidirectional override:
 * what is stored is printed by `npm run analytics:report` and read by people.
 */
const PRINTABLE = '^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$';

const propertyValue = { type: ['string', 'number', 'boolean'], maxLength: 200, pattern: PRINTABLE } as const;

/** Events per batch: the portal's sink sends at most this many at once (src/analytics/collector-sink.ts). */
const ANALYTICS_MAX_EVENTS = 20;

const propertiesSchema = {
  type: 'object',
  maxProperties: 10,
  propertyNames: { minLength: 1, maxLength: 40, pattern: PRINTABLE },
  additionalProperties: propertyValue,
} as const;

const analyticsEventSchema = closedObject(['event', 'time'], {
  /** The manifest's tracking event name ('Feature Consulted', 'Widget Interacted With', ...). */
  event: { type: 'string', minLength: 1, maxLength: 100, pattern: PRINTABLE },
  /** When it happened in the browser. */
  time: isoTime,
  properties: propertiesSchema,
});

export const analyticsRoutes = {
  collectAnalytics: {
    method: 'POST',
    path: '/analytics/api/events',
    auth: 'none',
    tag: 'analytics',
    summary:
      "Stores a batch of analytics events (at most 20, body at most 16 KiB, names at most 100 characters, at most 10 properties per event of at most 200 characters, no control characters) under the project key of the portal (VITE_ANALYTICS_KEY, never blank), which must be the gateway's (GATEWAY_ANALYTICS_KEY; 401 otherwise, and always when the gateway has none). The user is the one of `token`, the person's session token, when it is valid (their id and SPEC 5 properties, from the gateway's records: userType Client or Collaborateur, email when not blank); otherwise the events are anonymous: a user is never taken from the body. Accepts application/json or text/plain (what navigator.sendBeacon sends), both JSON. The token is in the body, not a bearer header: a beacon cannot carry one; the portal sends nothing before the person accepted analytics. At most 60 batches a minute per client address (429). Events are kept GATEWAY_ANALYTICS_RETENTION_DAYS days (90 by default).",
    status: 204,
    errors: [401, 429],
    body: closedObject(['apiKey', 'events'], {
      apiKey: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
      token: { type: 'string', minLength: 1, maxLength: 4096 },
      events: { type: 'array', minItems: 1, maxItems: ANALYTICS_MAX_EVENTS, items: analyticsEventSchema },
    }),
    response: null,
  },
  adminAnalyticsCounts: {
    method: 'GET',
    path: '/__admin/analytics',
    auth: 'admin',
    tag: 'admin',
    summary:
      'How many events of each name the collector stored (optionally since an ISO time), most frequent first, and the latest ones with their user and properties.',
    status: 200,
    query: {
      type: 'object',
      additionalProperties: false,
      properties: { since: isoTime },
    },
    response: closedObject(['counts', 'latest'], {
      counts: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['event', 'count'],
          properties: { event: { type: 'string' }, count: { type: 'integer' } },
        },
      },
      latest: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['event', 'userId', 'properties', 'userProperties', 'receivedAt'],
          properties: {
            event: { type: 'string' },
            userId: { type: ['string', 'null'] },
            properties: { type: 'object', additionalProperties: propertyValue },
            userProperties: { type: 'object', additionalProperties: propertyValue },
            receivedAt: { type: 'string' },
          },
        },
      },
    }),
  },
} as const satisfies Record<string, RouteDefinition>;
