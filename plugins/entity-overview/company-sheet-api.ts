import { contractEndpoint, contractRoutes, gatewayApi } from '@portal/plugin-api';
import type { GatewayBody, GatewayResponse } from '@portal/plugin-api';

export type CompanySheet = GatewayResponse<'companySheet'>;
export type EntityMandate = GatewayResponse<'entityMandates'>['items'][number];
export type CompanySheetFields = Omit<GatewayBody<'saveCompanySheet'>, 'version'>;

const companySheetApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['CompanySheet'] }).injectEndpoints({
  endpoints: (build) => ({
    companySheet: contractEndpoint(contractRoutes.companySheet).query(build, {
      request: (accountId: number) => ({ params: { id: accountId } }),
      providesTags: (_result, _error, accountId) => [{ type: 'CompanySheet', id: accountId }],
    }),
    entityMandates: contractEndpoint(contractRoutes.entityMandates).query(build, {
      request: (accountId: number) => ({ params: { id: accountId } }),
      // A status changed meanwhile (the notification that opened the page) is read anew.
      keepUnusedDataFor: 0,
    }),
    saveCompanySheet: contractEndpoint(contractRoutes.saveCompanySheet).mutation(build, {
      request: ({ accountId, body }: { accountId: number; body: GatewayBody<'saveCompanySheet'> }) => ({
        params: { id: accountId },
        body,
      }),
      invalidatesTags: (_result, _error, { accountId }) => [{ type: 'CompanySheet', id: accountId }],
    }),
  }),
});

export const { useCompanySheetQuery, useEntityMandatesQuery, useSaveCompanySheetMutation } = companySheetApi;
