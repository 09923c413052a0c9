import { gatewayApi, service } from '@portal/plugin-api';
import type { GatewayBody, GatewayQuery, GatewayResponse } from '@portal/plugin-api';

export type Offer = GatewayResponse<'offers'>['items'][number];
export type EntityOffer = GatewayResponse<'entityOffers'>['items'][number];
type ModRequestPage = GatewayResponse<'walletModRequests'>;
export type ModRequest = ModRequestPage['items'][number];
export type ModRequestStatus = ModRequest['status'];
export type FolderChoice = GatewayResponse<'walletFolders'>['items'][number];

const offersApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['Offers', 'ModRequests'] }).injectEndpoints({
  endpoints: (build) => ({
    offerCatalogue: build.query<GatewayResponse<'offers'>, void>({ query: () => service('offer', 'offers') }),
    // The folders to activate an offer for: the wallet's folder search, five at a time.
    offerFolderChoices: build.query<GatewayResponse<'walletFolders'>, string>({
      query: (q) => ({ url: service('wallet', 'portfolio/folders'), params: { q, pageSize: 5 } }),
    }),
    entityOffers: build.query<GatewayResponse<'entityOffers'>, number>({
      query: (accountId) => service('offer', `accounts/${String(accountId)}/offers`),
      providesTags: (_result, _error, accountId) => [{ type: 'Offers', id: accountId }],
    }),
    requestOffer: build.mutation<
      GatewayResponse<'requestOffer'>,
      { accountId: number } & GatewayBody<'requestOffer'>
    >({
      query: ({ accountId, ...body }) => ({
        url: service('offer', `accounts/${String(accountId)}/offer-requests`),
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { accountId }) => [{ type: 'Offers', id: accountId }, 'ModRequests'],
    }),
    walletModRequests: build.query<ModRequestPage, GatewayQuery<'walletModRequests'>>({
      query: (params) => ({ url: service('offer', 'portfolio/mod-requests'), params }),
      providesTags: ['ModRequests'],
    }),
    decideModRequest: build.mutation<ModRequest, { id: number } & GatewayBody<'decideModRequest'>>({
      query: ({ id, ...body }) => ({
        url: service('offer', `mod-requests/${String(id)}/decision`),
        method: 'POST',
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
    walletSubscriptions: build.query<GatewayResponse<'walletSubscriptions'>, void>({
      query: () => service('offer', 'portfolio/subscriptions'),
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
