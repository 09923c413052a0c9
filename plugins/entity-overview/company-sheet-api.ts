import { gatewayApi, service } from '@portal/plugin-api';
import type { GatewayBody, GatewayResponse } from '@portal/plugin-api';

export type CompanySheet = GatewayResponse<'companySheet'>;
export type CompanySheetFields = Omit<GatewayBody<'saveCompanySheet'>, 'version'>;

const sheetPath = (accountId: number) => service('connect', `accounts/${String(accountId)}/company-sheet`);

const companySheetApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['CompanySheet'] }).injectEndpoints({
  endpoints: (build) => ({
    companySheet: build.query<CompanySheet, number>({
      query: sheetPath,
      providesTags: (_result, _error, accountId) => [{ type: 'CompanySheet', id: accountId }],
    }),
    saveCompanySheet: build.mutation<
      CompanySheet,
      { accountId: number; body: GatewayBody<'saveCompanySheet'> }
    >({
      query: ({ accountId, body }) => ({ url: sheetPath(accountId), method: 'PUT', body }),
      invalidatesTags: (_result, _error, { accountId }) => [{ type: 'CompanySheet', id: accountId }],
    }),
  }),
});

export const { useCompanySheetQuery, useSaveCompanySheetMutation } = companySheetApi;
