import { contractEndpoint, contractPath, contractRoutes, gatewayApi } from '@portal/plugin-api';
import type { GatewayQuery, GatewayResponse } from '@portal/plugin-api';

type Bank = GatewayResponse<'bank'>;
export type BankAccount = Bank['accounts'][number];
type TransactionPage = GatewayResponse<'bankTransactions'>;
export type Transaction = TransactionPage['items'][number];
type TransactionQuery = GatewayQuery<'bankTransactions'> & { accountId: number };

/** The path of the CSV export, for the download helper. */
export const transactionsCsvPath = (accountId: number) =>
  contractPath(contractRoutes.bankTransactionsCsv, { params: { id: accountId } });

const bankApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['Bank'] }).injectEndpoints({
  endpoints: (build) => ({
    bank: contractEndpoint(contractRoutes.bank).query(build, {
      request: (accountId: number) => ({ params: { id: accountId } }),
      providesTags: (_result, _error, accountId) => [{ type: 'Bank', id: accountId }],
    }),
    bankTransactions: contractEndpoint(contractRoutes.bankTransactions).query(build, {
      request: ({ accountId, ...query }: TransactionQuery) => ({ params: { id: accountId }, query }),
      providesTags: (_result, _error, { accountId }) => [{ type: 'Bank', id: accountId }],
    }),
  }),
});

export const { useBankQuery, useBankTransactionsQuery } = bankApi;
