// JSON Schemas of the gateway contract: the single source for request validation, the TypeScript
// types (through json-schema-to-ts, see api.ts) and the generated openapi.json.

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
] as const;

export const DOCUMENT_KINDS = ['legacy', 'accounting', 'social-management'] as const;

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const strings = { type: 'array', items: str } as const;

export const errorSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['error', 'message'],
  properties: {
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
  },
} as const;

export const tokenResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: { token: str },
} as const;

export const contactSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
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
  properties: {
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
} as const;

export const userInformationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['contact', 'permissions', 'favoriteEntities'],
  properties: {
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
  },
} as const;

export const permissionsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['accountId', 'permissions'],
  properties: { accountId: { type: ['integer', 'null'] }, permissions: strings },
} as const;

const subscriptionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['offerCode', 'status'],
  properties: {
    offerCode: str,
    status: { type: 'string', enum: ['validated', 'pending', 'refused', 'cancelled'] },
  },
} as const;

export const entitySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['accountId', 'accountNumber', 'name', 'subscriptions', 'isClarityVisible', 'isSignatory'],
  properties: {
    accountId: int,
    accountNumber: str,
    name: str,
    subscriptions: { type: 'array', items: subscriptionSchema },
    isClarityVisible: bool,
    isSignatory: bool,
  },
} as const;

const page = <T extends object>(items: T) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['items', 'currentPage', 'totalPage', 'totalItems'],
    properties: {
      items: { type: 'array', items },
      currentPage: int,
      totalPage: int,
      totalItems: int,
    },
  }) as const;

const list = <T extends object>(items: T) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['items'],
    properties: { items: { type: 'array', items } },
  }) as const;

export const entityPageSchema = page(entitySchema);

export const biReportSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'accountId', 'title', 'kind', 'createdAt', 'createdBy'],
  properties: {
    id: int,
    accountId: int,
    title: str,
    kind: { type: 'string', enum: ['financial', 'hr'] },
    createdAt: dateTime,
    createdBy: { type: ['integer', 'null'] },
  },
} as const;
export const biReportPageSchema = page(biReportSchema);
export const biReportListSchema = list(biReportSchema);

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

export const termsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['termsId', 'version', 'publishedAt'],
  properties: { termsId: int, version: str, publishedAt: dateTime },
} as const;

export const termsContentSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['termsId', 'language', 'content'],
  properties: { termsId: int, language: { type: 'string', enum: ['fr', 'en'] }, content: str },
} as const;

export const termsStateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['isCurrent', 'terms'],
  properties: {
    isCurrent: bool,
    terms: {
      type: 'object',
      additionalProperties: false,
      required: ['termsId'],
      properties: { termsId: int },
    },
  },
} as const;

const offerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['offerCode', 'name', 'description', 'monthlyPrice'],
  properties: { offerCode: str, name: str, description: str, monthlyPrice: { type: 'number' } },
} as const;
export const offerListSchema = list(offerSchema);
export const subscriptionListSchema = list(subscriptionSchema);

export const indicatorListSchema = list({
  type: 'object',
  additionalProperties: false,
  required: ['code', 'label', 'value', 'unit', 'period'],
  properties: { code: str, label: str, value: { type: 'number' }, unit: str, period: str },
} as const);

export const documentListSchema = list({
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'kind', 'uploadedAt', 'sizeBytes'],
  properties: {
    id: int,
    name: str,
    kind: { type: 'string', enum: DOCUMENT_KINDS },
    uploadedAt: dateTime,
    sizeBytes: int,
  },
} as const);

const channelSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'inApp'],
  properties: { email: bool, inApp: bool },
} as const;

export const notificationSettingsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['favouritesOnly', 'types'],
  properties: {
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
      },
    },
  },
} as const;

export const homeLayoutSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['layout'],
  properties: {
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
  },
} as const;

export const homeLayoutOrNullSchema = { anyOf: [homeLayoutSchema, { type: 'null' }] } as const;

export const newsItemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'link', 'publishedAt', 'summaryHtml'],
  properties: {
    title: { type: 'string', maxLength: 500 },
    link: { type: 'string', maxLength: 2000 },
    publishedAt: str,
    summaryHtml: { type: 'string', maxLength: 20000 },
  },
} as const;
export const newsListSchema = list(newsItemSchema);

const slotSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['slotId', 'startsAt', 'endsAt', 'advisor', 'available'],
  properties: { slotId: int, startsAt: dateTime, endsAt: dateTime, advisor: str, available: bool },
} as const;
export const slotListSchema = list(slotSchema);

export const bookingSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['bookingId', 'slotId', 'startsAt', 'endsAt', 'advisor', 'createdAt'],
  properties: {
    bookingId: int,
    slotId: int,
    startsAt: dateTime,
    endsAt: dateTime,
    advisor: str,
    createdAt: dateTime,
  },
} as const;
export const bookingListSchema = list(bookingSchema);

export const inboxSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['messages'],
  properties: {
    messages: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['to', 'subject', 'link', 'createdAt'],
        properties: { to: str, subject: str, link: str, createdAt: dateTime },
      },
    },
  },
} as const;

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
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

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
  properties: { accountId: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;
