import { contractEndpoint, contractRoutes } from './contract-endpoint.ts';
import { gatewayApi } from './gateway-api.ts';

/**
 * A read of the engine a route of an entity starts early, with the entity's own calls while the page's
 * code is still loading: `homeLayout`, the home grid's saved layout (a route with `homeGrid`).
 */
export type PagePrefetch = 'homeLayout';

/**
 * The read of the user's own home grid per entity (reference gateway: the contact service's
 * .../home-layouts/:accountId). Here rather than with the grid so that sign-in can start it with the
 * entity's calls (a route's `homeGrid`), before the home page's code has arrived.
 */
export const homeLayoutReadApi = gatewayApi.injectEndpoints({
  endpoints: (build) => ({
    homeLayout: contractEndpoint(contractRoutes.homeLayout).query(build, {
      request: (accountId: number) => ({ params: { accountId } }),
      providesTags: (_result, _error, accountId) => [{ type: 'HomeLayout', id: accountId }],
    }),
  }),
});

/**
 * Reads the saved layout into the cache ahead of the grid (no subscription: the grid's own keeps it);
 * dispatched, answers a promise settled once the answer is in the cache.
 */
export const prefetchHomeLayout = (accountId: number) =>
  homeLayoutReadApi.endpoints.homeLayout.initiate(accountId, { subscribe: false });
