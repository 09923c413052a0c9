import { gatewayApi, service } from '@portal/plugin-api';
import type { GatewayResponse } from '@portal/plugin-api';

type NewsList = GatewayResponse<'news'>;
export type NewsItem = NewsList['items'][number];

const newsApi = gatewayApi.injectEndpoints({
  endpoints: (build) => ({
    news: build.query<NewsList, void>({ query: () => service('contact', 'news') }),
  }),
});

export const { useNewsQuery } = newsApi;
