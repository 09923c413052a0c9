import { contractEndpoint, contractRoutes, gatewayApi } from '@portal/plugin-api';
import type { GatewayResponse } from '@portal/plugin-api';

type NewsList = GatewayResponse<'news'>;
export type NewsItem = NewsList['items'][number];

const newsApi = gatewayApi.injectEndpoints({
  endpoints: (build) => ({
    news: contractEndpoint(contractRoutes.news).query(build, {}),
  }),
});

export const { useNewsQuery } = newsApi;
