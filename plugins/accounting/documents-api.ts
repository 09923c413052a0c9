import { contractEndpoint, contractRoutes, gatewayApi } from '@portal/plugin-api';
import type { GatewayResponse } from '@portal/plugin-api';

type DocumentList = GatewayResponse<'documents'>;
export type AccountingDocument = DocumentList['items'][number];

const documentsApi = gatewayApi.injectEndpoints({
  endpoints: (build) => ({
    accountingDocuments: contractEndpoint(contractRoutes.documents).query(build, {
      request: (accountId: number) => ({ params: { id: accountId }, query: { kind: 'accounting' } }),
    }),
  }),
});

export const { useAccountingDocumentsQuery } = documentsApi;

/** The `count` most recent documents, newest first. */
export function latestDocuments(items: readonly AccountingDocument[], count: number): AccountingDocument[] {
  return [...items].sort((a, b) => Date.parse(b.uploadedAt) - Date.parse(a.uploadedAt)).slice(0, count);
}
