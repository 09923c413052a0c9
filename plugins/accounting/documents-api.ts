import { contractEndpoint, contractRoutes, gatewayApi } from '@portal/plugin-api';

/**
 * The first rows of the list the widget links to (the accounting documents page), and no filter: the
 * route's default sort, order and page (createdAt, desc, 1: the contract's) are those the list opens with.
 */
export const FIRST_ROWS = { kind: 'accounting', pageSize: 5 } as const;

const documentsApi = gatewayApi.injectEndpoints({
  endpoints: (build) => ({
    accountingDocuments: contractEndpoint(contractRoutes.documentPage).query(build, {
      request: (accountId: number) => ({ params: { id: accountId }, query: FIRST_ROWS }),
    }),
  }),
});

export const { useAccountingDocumentsQuery } = documentsApi;
