// Documents v2's calls (kernel/contract/accounting-sync-routes.ts): the synced list with the entity's last
// sync, a sync on demand, a document's file fetched from the software, and the demo's way to add a document
// to the local software. The list and the sync are checked by the contract's access fields (membership,
// collaborator or CLGEDPEN01, the offer); the file's entity is found from the document and checked here.
import {
  ACCOUNTING_SOFTWARE_OFFER,
  DOCUMENTS_V2_CUSTOMER_CODES,
} from '../../../kernel/contract/accounting-sync-routes.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import { HttpError, forbidden, notFound } from '../http/http-error.ts';
import { pageInfo } from '../http/paging.ts';
import type { Handlers } from '../http/route-table.ts';
import { currentUser, entityPermissions, requireMembership, type Deps } from '../kernel/deps.ts';
import { ConnectorFailure, type AccountingConnector } from './connector.ts';
import type { AccountingSyncStore, SyncedDocumentRow } from './accounting-sync-store.ts';
import type { AccountingSync } from './sync-job.ts';

type AccountingSyncRoutes =
  'syncedDocuments' | 'startAccountingSync' | 'syncedDocumentFile' | 'adminAddAccountingDocument';

/** What the file route serves as its own type; anything else is bytes to save. */
const SERVED_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg']);

function toSyncedDocument(row: SyncedDocumentRow) {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    source: 'pennylane' as const,
    mimeType: row.mime_type,
    size: row.size,
    issuedOn: row.issued_on,
    syncedAt: row.first_seen_at,
  };
}

/** The demo's local software: adds a document for an entity (admin route, demo mode). */
export type DemoSoftware = { add: (accountId: number, name: string) => string | undefined };

export function accountingSyncHandlers(
  deps: Deps,
  store: AccountingSyncStore,
  sync: AccountingSync,
  connector: AccountingConnector | undefined,
  demo: DemoSoftware | undefined,
): Pick<Handlers, AccountingSyncRoutes> {
  return {
    syncedDocuments: async ({ params, query }) => {
      const filters = { q: query.q, sort: query.sort, order: query.order };
      const { rows, total } = await store.documentsPage(params.id, filters, query.page, query.pageSize);
      return {
        items: rows.map(toSyncedDocument),
        ...pageInfo(total, query.page, query.pageSize),
        sync: await sync.state(params.id),
      };
    },

    startAccountingSync: ({ params }) => sync.syncNow(params.id),

    syncedDocumentFile: async ({ session, params, query, reply }) => {
      const user = await currentUser(deps, session);
      const row = await store.document(params.id);
      // An id that never existed is answered like another entity's: ids reveal nothing.
      if (row === undefined) throw forbidden();
      const membership = await requireMembership(deps, user.id, row.account_id);
      const held = new Set(entityPermissions(deps, membership));
      if (user.is_customer === 1 && !DOCUMENTS_V2_CUSTOMER_CODES.some((code) => held.has(code)))
        throw forbidden();
      if (!(await store.holdsOffer(row.account_id, ACCOUNTING_SOFTWARE_OFFER))) throw forbidden();
      const credential = await store.credential(row.account_id);
      if (row.removed_at !== null || connector === undefined || credential === undefined)
        throw notFound('The document');
      let file;
      try {
        file = await connector.file(credential, row.source_id);
      } catch (error) {
        if (error instanceof ConnectorFailure)
          throw new HttpError(502, 'accounting_software_failed', 'The accounting software did not serve it.');
        throw error;
      }
      if (file === undefined) throw notFound('The document');
      const type = SERVED_TYPES.has(file.mimeType) ? file.mimeType : 'application/octet-stream';
      reply.header('Content-Type', type);
      if (file.size !== undefined) reply.header('Content-Length', String(file.size));
      reply.header('Content-Disposition', contentDisposition(query.disposition, row.name));
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'private, no-store');
      return file.body;
    },

    adminAddAccountingDocument: ({ body }) => {
      const sourceId = demo?.add(body.accountId, body.name.trim());
      if (sourceId === undefined) throw notFound(`The demo accounting software of ${String(body.accountId)}`);
      return Promise.resolve({ sourceId });
    },
  };
}
