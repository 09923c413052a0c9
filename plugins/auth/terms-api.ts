import { contractEndpoint, contractRoutes, gatewayApi } from '@portal/plugin-api';

// The terms page's own read of the acceptance state: whether this person has accepted terms before
// (the welcome follows a first acceptance only). Asked again on each visit: it changes with an acceptance.
const termsApi = gatewayApi.injectEndpoints({
  endpoints: (build) => ({
    termsAcceptanceState: contractEndpoint(contractRoutes.termsState).query(build, {
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useTermsAcceptanceStateQuery } = termsApi;
