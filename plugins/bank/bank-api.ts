import { gatewayApi, service } from '@portal/plugin-api';
import type { GatewayQuery, GatewayResponse } from '@portal/plugin-api';

type Bank = GatewayResponse<'bank'>;
export type BankAccount = Bank['accounts'][number];
type TransactionPage = GatewayResponse<'bankTransactions'>;
export type Transaction = TransactionPage['items'][number];
type TransactionQuery = GatewayQuery<'bankTransactions'> & { accountId: number };

const entityPath = (accountId: number, rest: string) =>
  service('account', `accounts/${String(accountId)}/${rest}`);

/** The path of the CSV export, for the download helper. */
export const transactionsCsvPath = (accountId: number) => entityPath(accountId, 'bank/transactions.csv');

const bankApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['Bank'] }).injectEndpoints({
  endpoints: (build) => ({
    bank: build.query<Bank, number>({
      query: (accountId) => entityPath(accountId, 'bank'),
      providesTags: (_result, _error, accountId) => [{ type: 'Bank', id: accountId }],
    }),
    bankTransactions: build.query<TransactionPage, TransactionQuery>({
      query: ({ accountId, ...params }) => ({ url: entityPath(accountId, 'bank/transactions'), params }),
      providesTags: (_result, _error, { accountId }) => [{ type: 'Bank', id: accountId }],
    }),
  }),
});

export const { useBankQuery, useBankTransactionsQuery } = bankApi;
