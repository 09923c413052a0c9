import { contractEndpoint, contractRoutes, gatewayApi } from '@portal/plugin-api';
import type { GatewayQuery, GatewayResponse } from '@portal/plugin-api';

type DocumentPage = GatewayResponse<'documentPage'>;
export type AccountingDocument = DocumentPage['items'][number];

/**
 * The first rows of the list the widget links to (the accounting documents page): the same route, kind,
 * sort and order as that page opens with, and no filter. The list's default is newest added first.
 */
export const LIST_QUERY = {
  kind: 'accounting',
  sort: 'createdAt',
  order: 'desc',
  page: 1,
} as const satisfies Omit<GatewayQuery<'documentPage'>, 'pageSize'>;

const documentsApi = gatewayApi.injectEndpoints({
  endpoints: (build) => ({
    accountingDocuments: contractEndpoint(contractRoutes.documentPage).query(build, {
      request: ({ accountId, pageSize }: { accountId: number; pageSize: number }) => ({
        params: { id: accountId },
        query: { ...LIST_QUERY, pageSize },
      }),
    }),
  }),
});

export const { useAccountingDocumentsQuery } = documentsApi;
