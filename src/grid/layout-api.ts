import type { ApiBody, ApiResponse } from '../../gateway/contract/api.ts';
import { gatewayApi } from '../api/gateway-api.ts';
import { service } from '../api/service-path.ts';

type SavedHomeLayout = ApiResponse<'homeLayout'>;
type HomeLayoutBody = ApiBody<'saveHomeLayout'>;

/** The user's own home grid per entity (reference gateway: the contact service's .../home-layouts/:accountId). */
const homeLayoutApi = gatewayApi.injectEndpoints({
  endpoints: (build) => ({
    homeLayout: build.query<SavedHomeLayout, number>({
      query: (accountId) => service('contact', `contacts/currentuser/home-layouts/${accountId}`),
      providesTags: (_result, _error, accountId) => [{ type: 'HomeLayout', id: accountId }],
    }),
    saveHomeLayout: build.mutation<HomeLayoutBody, { accountId: number; body: HomeLayoutBody }>({
      query: ({ accountId, body }) => ({
        url: service('contact', `contacts/currentuser/home-layouts/${accountId}`),
        method: 'PUT',
        body,
      }),
      // The answer is what was stored: put it in the cache instead of fetching it again.
      async onQueryStarted({ accountId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(homeLayoutApi.util.upsertQueryData('homeLayout', accountId, data));
        } catch {
          // The caller shows the failure and keeps the draft; the cache keeps the last stored layout.
        }
      },
    }),
  }),
});

export const { useHomeLayoutQuery, useSaveHomeLayoutMutation } = homeLayoutApi;
