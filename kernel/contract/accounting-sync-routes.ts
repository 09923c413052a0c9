// Documents v2 (issue 31 row 1): the documents the accounting software (Pennylane) holds for an entity, as
// the gateway's sync found them, the entity's last sync, a sync on demand and a document's file. SPEC 6:
// documents v2 need the accounting-software offer, and are granted to collaborators or to holders of
// CLGEDPEN01 (the portal adds its feature flag).
import type { RouteDefinition } from './route-definition.ts';
import { idParams } from './schemas.ts';
import {
  closedObject,
  dateTime,
  entityInParams,
  int,
  nullableDateTime,
  page,
  pageSize,
  str,
} from './schema-parts.ts';

/** The accounting software's offer code: documents v2 need the entity to hold it, validated. */
export const ACCOUNTING_SOFTWARE_OFFER = 'PENNYLANE';

/** SPEC 6: "documents v2 needs CLGEDPEN01 … granted to collaborators or by permission". */
export const DOCUMENTS_V2_CUSTOMER_CODES = ['CLGEDPEN01'] as const;

/** Why a sync failed, as the page words it. */
const SYNC_FAILURES = [
  /** No key to the software for this entity. */
  'noCredential',
  /** The software refused the entity's key (401, 403). */
  'credentialRefused',
  /** The software did not answer (connection refused, time out). */
  'unreachable',
  /** The software answered an error (5xx, 429, another status). */
  'remoteError',
  /** The software's answer was not what its API documents. */
  'badAnswer',
] as const;

export type SyncFailure = (typeof SYNC_FAILURES)[number];

const syncStateSchema = closedObject(
  ['connection', 'state', 'startedAt', 'finishedAt', 'reason', 'added', 'removed'],
  {
    /**
     * none: the gateway has no accounting software configured; noCredential: it has, but not this entity's
     * key; ready: a sync can run.
     */
    connection: { type: 'string', enum: ['none', 'noCredential', 'ready'] },
    /** never: no sync ran yet for this entity. */
    state: { type: 'string', enum: ['never', 'running', 'done', 'failed'] },
    startedAt: nullableDateTime,
    finishedAt: nullableDateTime,
    reason: { type: ['string', 'null'], enum: [...SYNC_FAILURES, null] },
    /** Documents the last run found that were not there before. */
    added: int,
    /** Documents the last run no longer found in the software. */
    removed: int,
  },
);

const syncedDocumentSchema = closedObject(
  ['id', 'accountId', 'name', 'source', 'mimeType', 'size', 'issuedOn', 'syncedAt'],
  {
    id: int,
    accountId: int,
    name: str,
    /** The software the document comes from. */
    source: { type: 'string', enum: ['pennylane'] },
    mimeType: str,
    size: { type: 'integer', description: 'Bytes, as the software says.' },
    /** The document's own date, from the software (YYYY-MM-DD). */
    issuedOn: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    /** When a sync first found it. */
    syncedAt: dateTime,
  },
);

const syncedDocumentPageSchema = closedObject(['items', 'currentPage', 'totalPage', 'totalItems', 'sync'], {
  items: { type: 'array', items: syncedDocumentSchema },
  currentPage: int,
  totalPage: int,
  totalItems: int,
  sync: syncStateSchema,
});

/** What the software may serve a document as; anything else is offered as bytes to save. */
const SYNCED_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'application/octet-stream'] as const;

const documentsV2Access = {
  entityId: entityInParams,
  customersRequireAnyOf: DOCUMENTS_V2_CUSTOMER_CODES,
  requiresActiveOffer: ACCOUNTING_SOFTWARE_OFFER,
} as const;

export const accountingSyncRoutes = {
  syncedDocuments: {
    ...documentsV2Access,
    method: 'GET',
    path: '/accounting-integration/api/accounts/:id/synced-documents',
    auth: 'bearer',
    tag: 'documents',
    summary:
      'Documents v2: the documents the accounting software holds for the entity, as the last sync found them (removed ones left out), searched, sorted and paged, with the entity’s last sync. Collaborators of the entity, or customers holding CLGEDPEN01 there; the entity must hold the accounting-software offer (validated). 403 otherwise.',
    status: 200,
    params: idParams,
    query: closedObject([], {
      page,
      pageSize,
      q: { type: 'string', maxLength: 100 },
      sort: { type: 'string', enum: ['issuedOn', 'name', 'size', 'syncedAt'], default: 'issuedOn' },
      order: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
    }),
    response: syncedDocumentPageSchema,
  },
  startAccountingSync: {
    ...documentsV2Access,
    method: 'POST',
    path: '/accounting-integration/api/accounts/:id/sync',
    auth: 'bearer',
    tag: 'documents',
    summary:
      'Syncs the entity’s documents from the accounting software now and answers the run as it ended (done, or failed with its reason). A run of the same entity already going on (on any instance) is waited for, then this one runs. Same access as the list. New documents notify Ged-PennylaneDocumentSyncCompleted to the entity’s collaborators and CLGEDPEN01 holders.',
    status: 200,
    params: idParams,
    response: syncStateSchema,
    concurrency:
      'one run per entity at a time across instances (a lease in accounting_sync_runs); a second request waits for it',
  },
  syncedDocumentFile: {
    entityId: 'handler',
    method: 'GET',
    path: '/accounting-integration/api/synced-documents/:id/file',
    auth: 'bearer',
    tag: 'documents',
    summary:
      'A synced document’s bytes, fetched from the accounting software with the entity’s key and streamed, with a safe Content-Disposition and nosniff. Same access as the list, checked on the document’s entity; an unknown id → 403; a document the software no longer has → 404; the software unreachable → 502.',
    status: 200,
    params: idParams,
    query: closedObject([], {
      disposition: { type: 'string', enum: ['inline', 'attachment'], default: 'attachment' },
    }),
    response: { type: 'string', description: 'the file' },
    produces: SYNCED_FILE_TYPES,
    errors: [502],
  },
  adminAddAccountingDocument: {
    method: 'POST',
    path: '/__admin/accounting-software/documents',
    auth: 'admin',
    demo: true,
    tag: 'admin',
    summary:
      'Demo mode only: the local accounting software (the loopback server standing in for Pennylane) gets a new document for the entity, found by the next sync.',
    status: 201,
    body: closedObject(['accountId', 'name'], {
      accountId: { type: 'integer', minimum: 1, maximum: 2147483647 },
      name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    }),
    response: closedObject(['sourceId'], { sourceId: str }),
  },
} as const satisfies Record<string, RouteDefinition>;
