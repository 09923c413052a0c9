import { contractEndpoint, contractPath, contractRoutes, gatewayApi } from '@portal/plugin-api';
import type { GatewayQuery, GatewayResponse } from '@portal/plugin-api';

type SyncedPage = GatewayResponse<'syncedDocuments'>;
export type SyncedDocument = SyncedPage['items'][number];
export type SyncState = SyncedPage['sync'];
type SyncedPageArgs = GatewayQuery<'syncedDocuments'> & { accountId: number };

/** Where a synced document's bytes are served (fetched by the gateway from the accounting software). */
export const syncedFilePath = (id: number) =>
  contractPath(contractRoutes.syncedDocumentFile, { params: { id } });

const syncedTag = (accountId: number) => ({ type: 'SyncedDocuments', id: accountId }) as const;

const syncedDocumentsApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['SyncedDocuments'] }).injectEndpoints({
  endpoints: (build) => ({
    syncedDocuments: contractEndpoint(contractRoutes.syncedDocuments).query(build, {
      request: ({ accountId, ...query }: SyncedPageArgs) => ({ params: { id: accountId }, query }),
      providesTags: (_result, _error, { accountId }) => [syncedTag(accountId)],
    }),
    // The run ends before the answer: the list is read again with what it found.
    syncAccountingDocuments: contractEndpoint(contractRoutes.startAccountingSync).mutation(build, {
      request: (accountId: number) => ({ params: { id: accountId } }),
      invalidatesTags: (_result, _error, accountId) => [syncedTag(accountId)],
    }),
  }),
});

export const { useSyncedDocumentsQuery, useSyncAccountingDocumentsMutation } = syncedDocumentsApi;
