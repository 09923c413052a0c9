import { gatewayApi } from '../../src/plugin-api/gateway.ts';
import type { GatewayResponse } from '../../src/plugin-api/gateway.ts';

export type NewsList = GatewayResponse<'news'>;
export type NewsItem = NewsList['items'][number];

const newsApi = gatewayApi.injectEndpoints({
  endpoints: (build) => ({
    news: build.query<NewsList, void>({ query: () => 'contact/api/news' }),
  }),
});

export const { useNewsQuery } = newsApi;
