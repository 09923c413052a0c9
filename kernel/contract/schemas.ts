// JSON Schemas of the gateway contract: the single source for request validation, the TypeScript
// types (through json-schema-to-ts, see api.ts) and the generated openapi.json.
import { bool, closedObject, dateTime, int, listOf, pageOf, str, strings } from './schema-parts.ts';

export const NOTIFICATION_EVENT_TYPES = [
  'Delegation-AddDelegation',
  'Mandate-MandateStatusChanged',
  'Reporting-ReportCreatedCustomer',
  'Reporting-ReportUpdatedCustomer',
  'Reporting-ReportCreatedCollab',
  'Reporting-ReportUpdatedCollab',
  'Ged-AccountingDocumentUploaded',
  'Ged-GSDocumentUploaded',
  'Ged-PennylaneDocumentSyncCompleted',
  'Payroll-MonthSubmitted',
  'Payroll-CorrectionRequested',
  'Payroll-MonthLocked',
] as const;

export const DOCUMENT_KINDS = ['legacy', 'accounting', 'social-management'] as const;

export const errorSchema = closedObject(['error', 'message'], {
  error: str,
  message: str,
  /** 429: seconds to wait, as in Retry-After. */
  retryAfterS: { type: 'integer', minimum: 1 },
  /** 422 weak_password: the rule broken (tooShort, tooLong, blank, common). */
  problem: str,
  /** 422 invalid_manifest: every problem of the manifest, at its JSON pointer. */
  problems: {
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['pointer', 'message'],
      properties: { pointer: str, message: str },
    },
  },
});

export const tokenResponseSchema = closedObject(['token'], { token: str });

export const contactSchema = closedObject(
  [
    'firstName',
    'lastName',
    'id',
    'email',
    'officeMobile',
    'isCustomer',
    'oldId',
    'persona',
    'gigyaUserId',
    'occupation',
    'entities',
  ],
  {
    firstName: str,
    lastName: str,
    id: int,
    email: str,
    officeMobile: str,
    isCustomer: bool,
    oldId: int,
    persona: { type: 'string', enum: ['Client', 'Collaborateur'] },
    gigyaUserId: { type: 'string', const: '' },
    occupation: { type: 'string', const: '' },
    entities: { type: 'array', maxItems: 0, items: int },
    /** A product owner the manifest's studio rule may let publish the portal (absent: false). */
    studioEditor: bool,
  },
);

export const userInformationSchema = closedObject(['contact', 'permissions', 'favoriteEntities'], {
  contact: contactSchema,
  permissions: strings,
  favoriteEntities: { type: 'array', items: int },
  /**
   * The header bell's count, so that the way in needs no call of its own for it (issue 17): how many
   * notifications are unread and the newest one's id (the stream starts after it). Absent from a
   * gateway that does not send it: the bell then reads its list.
   */
  notifications: {
    type: 'object',
    additionalProperties: false,
    required: ['unreadCount', 'newestId'],
    properties: { unreadCount: int, newestId: { type: ['integer', 'null'] } },
  },
});

export const permissionsSchema = closedObject(['accountId', 'permissions'], {
  accountId: { type: ['integer', 'null'] },
  permissions: strings,
});

const subscriptionSchema = closedObject(['offerCode', 'status'], {
  offerCode: str,
  status: { type: 'string', enum: ['validated', 'pending', 'refused', 'cancelled'] },
});

export const entitySchema = closedObject(
  ['accountId', 'accountNumber', 'name', 'subscriptions', 'isClarityVisible', 'isSignatory'],
  {
    accountId: int,
    accountNumber: str,
    name: str,
    subscriptions: { type: 'array', items: subscriptionSchema },
    isClarityVisible: bool,
    isSignatory: bool,
  },
);

export const entityPageSchema = pageOf(entitySchema);

export const biReportSchema = closedObject(['id', 'accountId', 'title', 'kind', 'createdAt', 'createdBy'], {
  id: int,
  accountId: int,
  title: str,
  kind: { type: 'string', enum: ['financial', 'hr'] },
  createdAt: dateTime,
  createdBy: { type: ['integer', 'null'] },
});
export const biReportPageSchema = pageOf(biReportSchema);
export const biReportListSchema = listOf(biReportSchema);

/**
 * A version a caller sends back (optimistic concurrency): any 32-bit integer, what its column holds; a
 * larger one would fail in PostgreSQL's comparison instead of answering 409.
 */
export const versionInput = { type: 'integer', minimum: -2147483648, maximum: 2147483647 } as const;

export const biReportDepositSchema = {
  type: 'object',
  required: ['accountId', 'title', 'kind'],
  properties: {
    accountId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    title: { type: 'string', minLength: 1, maxLength: 200 },
    kind: { type: 'string', enum: ['financial', 'hr'] },
  },
} as const;

export const termsSchema = closedObject(['termsId', 'version', 'publishedAt'], {
  termsId: int,
  version: str,
  publishedAt: dateTime,
});

export const termsContentSchema = closedObject(['termsId', 'language', 'content'], {
  termsId: int,
  language: { type: 'string', enum: ['fr', 'en'] },
  content: str,
});

export const termsStateSchema = closedObject(['isCurrent', 'terms'], {
  isCurrent: bool,
  terms: {
    type: 'object',
    additionalProperties: false,
    required: ['termsId'],
    properties: { termsId: int },
  },
  /** Whether the person has accepted any terms before: the terms page welcomes a first acceptance only. */
  acceptedBefore: bool,
});

const offerSchema = closedObject(['offerCode', 'name', 'description', 'monthlyPrice'], {
  offerCode: str,
  name: str,
  description: str,
  monthlyPrice: { type: 'number' },
});
export const offerListSchema = listOf(offerSchema);
export const subscriptionListSchema = listOf(subscriptionSchema);

export const indicatorListSchema = listOf(
  closedObject(['code', 'label', 'value', 'unit', 'period'], {
    code: str,
    label: str,
    value: { type: 'number' },
    unit: str,
    period: str,
  }),
);

export const documentListSchema = listOf(
  closedObject(['id', 'name', 'kind', 'uploadedAt', 'sizeBytes'], {
    id: int,
    name: str,
    kind: { type: 'string', enum: DOCUMENT_KINDS },
    uploadedAt: dateTime,
    sizeBytes: int,
  }),
);

const channelSchema = closedObject(['email', 'inApp'], { email: bool, inApp: bool });

export const notificationSettingsSchema = closedObject(['favouritesOnly', 'types'], {
  favouritesOnly: bool,
  types: {
    type: 'object',
    additionalProperties: false,
    required: NOTIFICATION_EVENT_TYPES,
    properties: {
      'Delegation-AddDelegation': channelSchema,
      'Mandate-MandateStatusChanged': channelSchema,
      'Reporting-ReportCreatedCustomer': channelSchema,
      'Reporting-ReportUpdatedCustomer': channelSchema,
      'Reporting-ReportCreatedCollab': channelSchema,
      'Reporting-ReportUpdatedCollab': channelSchema,
      'Ged-AccountingDocumentUploaded': channelSchema,
      'Ged-GSDocumentUploaded': channelSchema,
      'Ged-PennylaneDocumentSyncCompleted': channelSchema,
      'Payroll-MonthSubmitted': channelSchema,
      'Payroll-CorrectionRequested': channelSchema,
      'Payroll-MonthLocked': channelSchema,
    },
  },
});

export const homeLayoutSchema = closedObject(['layout'], {
  layout: {
    type: 'array',
    maxItems: 50,
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['widget', 'x', 'y', 'w', 'h'],
      properties: {
        widget: { type: 'string', minLength: 1, maxLength: 100 },
        x: { type: 'integer', minimum: 0, maximum: 100 },
        y: { type: 'integer', minimum: 0, maximum: 1000 },
        w: { type: 'integer', minimum: 1, maximum: 4 },
        h: { type: 'integer', minimum: 1, maximum: 20 },
      },
    },
  },
});

export const homeLayoutOrNullSchema = { anyOf: [homeLayoutSchema, { type: 'null' }] } as const;

export const newsItemSchema = closedObject(['title', 'link', 'publishedAt', 'summaryHtml'], {
  title: { type: 'string', maxLength: 500 },
  link: { type: 'string', maxLength: 2000 },
  publishedAt: str,
  summaryHtml: { type: 'string', maxLength: 20000 },
});
export const newsListSchema = listOf(newsItemSchema);

const slotSchema = closedObject(['slotId', 'startsAt', 'endsAt', 'advisor', 'available'], {
  slotId: int,
  startsAt: dateTime,
  endsAt: dateTime,
  advisor: str,
  available: bool,
});
export const slotListSchema = listOf(slotSchema);

export const bookingSchema = closedObject(
  ['bookingId', 'slotId', 'startsAt', 'endsAt', 'advisor', 'createdAt'],
  {
    bookingId: int,
    slotId: int,
    startsAt: dateTime,
    endsAt: dateTime,
    advisor: str,
    createdAt: dateTime,
  },
);
export const bookingListSchema = listOf(bookingSchema);

export const inboxSchema = closedObject(['messages'], {
  messages: {
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['to', 'from', 'subject', 'link', 'createdAt', 'html'],
      properties: {
        to: str,
        /** The sender as people read it: the firm's name (manifest `branding`). */
        from: str,
        subject: str,
        link: str,
        createdAt: dateTime,
        /** The message in the firm's e-mail template: its name, logo, colour and support line. */
        html: str,
      },
    },
  },
});

export const faultSchema = {
  type: 'object',
  required: ['pathPattern'],
  properties: {
    pathPattern: { type: 'string', minLength: 1, maxLength: 500 },
    method: { type: 'string', enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] },
    status: { type: 'integer', minimum: 400, maximum: 599 },
    latencyMs: { type: 'integer', minimum: 0, maximum: 60000 },
    drop: { type: 'boolean', const: true },
    count: { type: 'integer', minimum: 1 },
    untilMs: { type: 'integer', minimum: 0 },
  },
} as const;

// Params and query strings are coerced (strings to integers) by the validator; bodies are not.
const databaseId = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
export const idParams = { type: 'object', required: ['id'], properties: { id: databaseId } } as const;

export const pageQuery = {
  type: 'object',
  properties: {
    // Bounded: a page number past any data is a 400, never an SQLite OFFSET overflow (500).
    page: { type: 'integer', minimum: 1, maximum: 1000000, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 2 },
    search: { type: 'string', maxLength: 200, default: '' },
  },
} as const;

export const accountIdQuery = {
  type: 'object',
  required: ['accountId'],
  properties: { accountId: databaseId },
} as const;
