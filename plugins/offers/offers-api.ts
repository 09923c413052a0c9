import { contractEndpoint, contractRoutes, gatewayApi } from '@portal/plugin-api';
import type { GatewayBody, GatewayQuery, GatewayResponse } from '@portal/plugin-api';

export type Offer = GatewayResponse<'offers'>['items'][number];
export type EntityOffer = GatewayResponse<'entityOffers'>['items'][number];
type ModRequestPage = GatewayResponse<'walletModRequests'>;
export type ModRequest = ModRequestPage['items'][number];
export type ModRequestStatus = ModRequest['status'];
export type FolderChoice = GatewayResponse<'walletFolders'>['items'][number];

const offersApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['Offers', 'ModRequests'] }).injectEndpoints({
  endpoints: (build) => ({
    offerCatalogue: contractEndpoint(contractRoutes.offers).query(build, {}),
    // The folders to activate an offer for: the wallet's folder search, five at a time.
    offerFolderChoices: contractEndpoint(contractRoutes.walletFolders).query(build, {
      request: (q: string) => ({ query: { q, pageSize: 5 } }),
    }),
    entityOffers: contractEndpoint(contractRoutes.entityOffers).query(build, {
      request: (accountId: number) => ({ params: { id: accountId } }),
      providesTags: (_result, _error, accountId) => [{ type: 'Offers', id: accountId }],
    }),
    requestOffer: contractEndpoint(contractRoutes.requestOffer).mutation(build, {
      request: ({ accountId, ...body }: { accountId: number } & GatewayBody<'requestOffer'>) => ({
        params: { id: accountId },
        body,
      }),
      invalidatesTags: (_result, _error, { accountId }) => [{ type: 'Offers', id: accountId }, 'ModRequests'],
    }),
    walletModRequests: contractEndpoint(contractRoutes.walletModRequests).query(build, {
      request: (query: GatewayQuery<'walletModRequests'>) => ({ query }),
      providesTags: ['ModRequests'],
    }),
    decideModRequest: contractEndpoint(contractRoutes.decideModRequest).mutation(build, {
      request: ({ id, ...body }: { id: number } & GatewayBody<'decideModRequest'>) => ({
        params: { id },
        body,
      }),
      // A validation changes the entity's subscriptions, which its summary (and so its home) reads.
      invalidatesTags: (result) =>
        result === undefined
          ? ['ModRequests']
          : [
              'ModRequests',
              { type: 'Offers', id: result.accountId },
              { type: 'Entity', id: result.accountId },
            ],
    }),
    walletSubscriptions: contractEndpoint(contractRoutes.walletSubscriptions).query(build, {
      providesTags: ['ModRequests'],
    }),
  }),
});

export const {
  useOfferCatalogueQuery,
  useOfferFolderChoicesQuery,
  useEntityOffersQuery,
  useRequestOfferMutation,
  useWalletModRequestsQuery,
  useDecideModRequestMutation,
  useWalletSubscriptionsQuery,
} = offersApi;

/** The HTTP status of a failed call, when it has one. */
export function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
    ? error.status
    : undefined;
}
