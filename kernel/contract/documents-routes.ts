// The document and BI report file calls of the contract (issue 11): schemas, routes and the permission
// codes of each document kind and report kind, spread into `routes`.
import type { RouteDefinition } from './route-definition.ts';
import { DOCUMENT_KINDS, idParams } from './schemas.ts';
import { bool, closedObject, dateTime, entityInParams, int, str } from './schema-parts.ts';

/**
 * SPEC 6 codes per document kind. A file's kind decides who may read or add it, so every id-based call
 * (a download, a ZIP) checks the kind of each file, not only the list it came from. Social-management
 * documents (payslips) need CLGED0001 and nothing else: CLGED0002 alone never reads them.
 * The manifest's `documents.upload.<kind>` actions name the same codes (tests/contract/documents-actions.test.ts).
 */
export const DOCUMENT_KIND_CODES = {
  legacy: ['COGED0001', 'CLGED0001', 'CLGED0002'],
  accounting: ['CLGED0002', 'COGED0002', 'CLGEDPEN01'],
  'social-management': ['CLGED0001'],
} as const satisfies Record<(typeof DOCUMENT_KINDS)[number], readonly string[]>;

/** SPEC 6 codes per BI report kind: financial for CLRAPP001, HR for CLRAPP002, both for CORAPP001. */
export const REPORT_KIND_CODES = {
  financial: ['CLRAPP001', 'CORAPP001'],
  hr: ['CLRAPP002', 'CORAPP001'],
} as const;

/**
 * The types a stored file may have (the gateway sniffs them from its first bytes at upload, and serves
 * the file with it): a download answers one of them.
 */
const STORED_FILE_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;

export type StoredFileType = (typeof STORED_FILE_TYPES)[number];

const month = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' } as const;
const kind = { type: 'string', enum: DOCUMENT_KINDS } as const;
const order = { type: 'string', enum: ['asc', 'desc'], default: 'desc' } as const;

const documentSchema = closedObject(
  ['id', 'accountId', 'kind', 'name', 'period', 'mimeType', 'size', 'uploadedBy', 'createdAt'],
  {
    id: int,
    accountId: int,
    kind,
    /** The name shown and offered on download; never used as a path on disk. */
    name: str,
    period: month,
    /** Sniffed from the file's first bytes at upload. */
    mimeType: str,
    size: { type: 'integer', description: 'Bytes.' },
    /** The uploader's display name ("Cabinet" for seeded files). */
    uploadedBy: str,
    createdAt: dateTime,
  },
);

const documentPageSchema = closedObject(
  ['items', 'currentPage', 'totalPage', 'totalItems', 'periods', 'mailDropAddress'],
  {
    items: { type: 'array', items: documentSchema },
    currentPage: int,
    totalPage: int,
    totalItems: int,
    /** Every period of this kind on the entity, newest first, for the period filter. */
    periods: { type: 'array', items: month },
    /** The entity's e-mail drop address for this kind: a mail sent there is filed as a document. */
    mailDropAddress: str,
  },
);

const kindQuery = {
  type: 'object',
  required: ['kind'],
  properties: { kind },
} as const;

const reportSchema = closedObject(
  ['id', 'accountId', 'accountName', 'title', 'kind', 'period', 'createdAt', 'hasFile', 'size'],
  {
    id: int,
    accountId: int,
    accountName: str,
    title: str,
    kind: { type: 'string', enum: ['financial', 'hr'] },
    period: month,
    createdAt: dateTime,
    /** Reports deposited before files were kept have none: they list but do not open. */
    hasFile: bool,
    size: { type: ['integer', 'null'] },
  },
);

const reportListQuery = {
  page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
  pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  kind: { type: 'string', enum: ['financial', 'hr'] },
  period: month,
  q: { type: 'string', maxLength: 100 },
  sort: { type: 'string', enum: ['title', 'kind', 'period', 'createdAt', 'account'], default: 'createdAt' },
  order,
} as const;

const reportPageSchema = closedObject(['items', 'currentPage', 'totalPage', 'totalItems'], {
  items: { type: 'array', items: reportSchema },
  currentPage: int,
  totalPage: int,
  totalItems: int,
});

const fileQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    /** inline: the browser shows it (PDF, image); otherwise it is saved. */
    disposition: { type: 'string', enum: ['inline', 'attachment'], default: 'attachment' },
  },
} as const;

const allDocumentCodes = [...new Set(Object.values(DOCUMENT_KIND_CODES).flat())];

export const documentsRoutes = {
  documentPage: {
    entityId: entityInParams,
    requiresAnyOfByQuery: { name: 'kind', values: DOCUMENT_KIND_CODES },
    method: 'GET',
    path: '/account/api/accounts/:id/documents',
    auth: 'bearer',
    tag: 'documents',
    summary:
      'Documents of one kind of the entity, filtered by period and name, sorted and paged. 403 without a code of that kind (DOCUMENT_KIND_CODES).',
    status: 200,
    params: idParams,
    query: closedObject(['kind'], {
      kind,
      period: month,
      q: { type: 'string', maxLength: 100 },
      sort: {
        type: 'string',
        enum: ['name', 'kind', 'period', 'createdAt', 'size', 'uploadedBy'],
        default: 'createdAt',
      },
      order,
      page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
      pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    }),
    response: documentPageSchema,
    requiresAnyOf: allDocumentCodes,
  },
  uploadDocument: {
    entityId: entityInParams,
    requiresAnyOfByQuery: { name: 'kind', values: DOCUMENT_KIND_CODES },
    method: 'POST',
    path: '/account/api/accounts/:id/documents',
    auth: 'bearer',
    tag: 'documents',
    summary:
      'Adds one file (multipart/form-data: optional field period, then the part "file"), streamed to disk and kept only once complete. Empty file → 422 empty_file; over the configured limit → 413; a name whose extension is not in the manifest’s constants.documents.allowedExtensions, a type not allowed by its first bytes (an executable named .pdf), or a .docx/.xlsx that is no OOXML package ([Content_Types].xml in its central directory) → 415. The name is kept for display only, without control or format characters (U+202E...), and with the extension of the sniffed type (a PDF named scan.png is kept as scan.pdf). The caller’s code is checked before the stream and again when the file is complete: a right removed meanwhile → 403 and nothing is kept. The entity’s documents and report files past constants.documents.entityQuotaBytes → 413 quota_exceeded (with quotaBytes), checked before, during and at commit; more uploads by one person than constants.documents.uploadsPerUser → 429 with Retry-After and retryAfterS.',
    status: 201,
    params: idParams,
    query: kindQuery,
    form: { type: 'object', properties: { period: month } },
    response: documentSchema,
    requiresAnyOf: allDocumentCodes,
    errors: [429],
    concurrency: 'each upload is a new file; none is lost',
  },
  documentsZip: {
    entityId: entityInParams,
    method: 'GET',
    path: '/account/api/accounts/:id/documents.zip',
    auth: 'bearer',
    tag: 'documents',
    summary:
      'The chosen documents (ids, comma-separated, at most 200) as one ZIP, streamed. Any id of another entity or of a kind the caller may not read → 403 and nothing is sent.',
    status: 200,
    params: idParams,
    query: closedObject(['ids'], {
      ids: { type: 'string', pattern: '^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,199}$' },
    }),
    response: { type: 'string', description: 'application/zip' },
    produces: 'application/zip',
    requiresAnyOf: allDocumentCodes,
  },
  documentFile: {
    entityId: 'handler',
    method: 'GET',
    path: '/account/api/documents/:id/file',
    auth: 'bearer',
    tag: 'documents',
    summary:
      "A document's bytes, streamed, with a safe Content-Disposition and nosniff. Another entity's id, or a kind the caller may not read → 403; an id that never existed → 403 too (ids reveal nothing).",
    status: 200,
    params: idParams,
    query: fileQuery,
    response: { type: 'string', description: 'the file' },
    produces: STORED_FILE_TYPES,
  },
  entityReports: {
    entityId: entityInParams,
    method: 'GET',
    path: '/reporting/api/accounts/:id/reports',
    auth: 'bearer',
    tag: 'reports',
    summary:
      'BI reports of the entity that the caller may read (financial: CLRAPP001, HR: CLRAPP002, both: CORAPP001), filtered, sorted and paged.',
    status: 200,
    params: idParams,
    query: { type: 'object', additionalProperties: false, properties: reportListQuery },
    response: reportPageSchema,
    requiresAnyOf: ['CORAPP001', 'CLRAPP001', 'CLRAPP002'],
  },
  walletReports: {
    method: 'GET',
    path: '/reporting/api/reports/wallet',
    auth: 'bearer',
    tag: 'reports',
    summary:
      'BI reports of every folder of the wallet where the collaborator holds CORAPP001, filtered by folder, kind, period and title, sorted and paged.',
    status: 200,
    query: {
      type: 'object',
      additionalProperties: false,
      properties: { ...reportListQuery, accountId: { type: 'integer', minimum: 1, maximum: 2147483647 } },
    },
    response: reportPageSchema,
    requiresAnyOf: ['CORAPP001'],
  },
  depositReportFile: {
    // The entity is a multipart field, read by the handler before a byte of the file is stored.
    entityId: 'handler',
    method: 'POST',
    path: '/reporting/api/reports/files',
    auth: 'bearer',
    tag: 'reports',
    summary:
      'Deposits a BI report with its file (multipart/form-data: fields accountId, kind, title, period, then the part "file"; same checks as a document upload: extension, type, the entity’s quota (413 quota_exceeded), the person’s upload rate (429), CORAP001 checked again when the file is complete). Records a Reporting-ReportCreatedCollab notification for the customers of the entity.',
    status: 201,
    form: {
      type: 'object',
      required: ['accountId', 'kind', 'title', 'period'],
      properties: {
        accountId: { type: 'integer', minimum: 1, maximum: 2147483647 },
        kind: { type: 'string', enum: ['financial', 'hr'] },
        title: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
        period: month,
      },
    },
    response: reportSchema,
    requiresAnyOf: ['CORAP001'],
    errors: [429],
    action: 'biReports.deposit',
    concurrency: 'each deposit is a new row; none is lost',
  },
  reportFile: {
    entityId: 'handler',
    method: 'GET',
    path: '/reporting/api/reports/:id/file',
    auth: 'bearer',
    tag: 'reports',
    summary:
      "A BI report's file, streamed; the report's entity and kind are checked (REPORT_KIND_CODES), 403 otherwise; 404 for a report without a file.",
    status: 200,
    params: idParams,
    query: fileQuery,
    response: { type: 'string', description: 'the file' },
    produces: STORED_FILE_TYPES,
  },
} as const satisfies Record<string, RouteDefinition>;
