// The analytics collector (issue 15): the portal's analytics sink posts batches of events here, only
// after the person accepted the analytics category, with sendBeacon when the page is hidden (no header can
// be set then, hence no bearer and a text/plain body read as JSON), with fetch otherwise. An admin call
// counts what was collected, for tests and `npm run analytics:report`. Spread into `routes`.
import type { RouteDefinition } from './api.ts';

/** An ISO 8601 time as Date.toISOString writes it (ajv here has no formats). */
const isoTime = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z$', maxLength: 40 } as const;

const propertyValue = { type: ['string', 'number', 'boolean'], maxLength: 500 } as const;

const analyticsEventSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['event', 'time'],
  properties: {
    /** The manifest's tracking event name ('Feature Consulted', 'Widget Interacted With', ...). */
    event: { type: 'string', minLength: 1, maxLength: 100 },
    /** When it happened in the browser. */
    time: isoTime,
    properties: { type: 'object', maxProperties: 20, additionalProperties: propertyValue },
  },
} as const;

export const analyticsRoutes = {
  collectAnalytics: {
    method: 'POST',
    path: '/analytics/api/events',
    auth: 'none',
    tag: 'analytics',
    summary:
      'Stores a batch of analytics events (at most 50) under the project key of the portal (VITE_ANALYTICS_KEY, never blank) with the user the portal identified, if any (their id and SPEC 5 properties: userType Client or Collaborateur, email when not blank). Accepts application/json or text/plain (what navigator.sendBeacon sends), both JSON. No bearer: a beacon cannot carry one; the portal sends nothing before the person accepted analytics.',
    status: 204,
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['apiKey', 'events'],
      properties: {
        apiKey: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
        user: {
          type: 'object',
          additionalProperties: false,
          required: ['id'],
          properties: {
            id: { type: 'string', minLength: 1, maxLength: 100 },
            properties: { type: 'object', maxProperties: 20, additionalProperties: propertyValue },
          },
        },
        events: { type: 'array', minItems: 1, maxItems: 50, items: analyticsEventSchema },
      },
    },
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
    response: {
      type: 'object',
      additionalProperties: false,
      required: ['counts', 'latest'],
      properties: {
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
      },
    },
  },
} as const satisfies Record<string, RouteDefinition>;
