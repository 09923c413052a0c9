import type { ApiBody } from '../../kernel/contract/api.ts';
import { contractEndpoint, contractRoutes } from '../api/contract-endpoint.ts';
import { gatewayApi } from '../api/gateway-api.ts';
import { homeLayoutReadApi } from '../api/home-layout.ts';

type HomeLayoutBody = ApiBody<'saveHomeLayout'>;

/** Saving the user's own home grid per entity; its read is src/api/home-layout.ts. */
const homeLayoutApi = gatewayApi.injectEndpoints({
  endpoints: (build) => ({
    saveHomeLayout: contractEndpoint(contractRoutes.saveHomeLayout).mutation(build, {
      request: ({ accountId, body }: { accountId: number; body: HomeLayoutBody }) => ({
        params: { accountId },
        body,
      }),
      // The answer is what was stored: put it in the cache instead of fetching it again.
      async onQueryStarted({ accountId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(homeLayoutReadApi.util.upsertQueryData('homeLayout', accountId, data));
        } catch {
          // The caller shows the failure and keeps the draft; the cache keeps the last stored layout.
        }
      },
    }),
  }),
});

export const { useHomeLayoutQuery } = homeLayoutReadApi;
export const { useSaveHomeLayoutMutation } = homeLayoutApi;
