import { gatewayApi, service } from '@portal/plugin-api';
import type { GatewayResponse } from '@portal/plugin-api';

type KeyFigures = GatewayResponse<'keyFigures'>;
export type Figures = KeyFigures['current'];
export type MonthFigures = KeyFigures['months'][number];

export const indicatorsApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['KeyFigures'] }).injectEndpoints({
  endpoints: (build) => ({
    keyFigures: build.query<KeyFigures, { accountId: number; year?: number }>({
      query: ({ accountId, year }) => ({
        url: service('registry', `accounts/${String(accountId)}/key-figures`),
        ...(year === undefined ? {} : { params: { year } }),
      }),
      providesTags: (_result, _error, { accountId }) => [{ type: 'KeyFigures', id: accountId }],
    }),
  }),
});

export const { useKeyFiguresQuery } = indicatorsApi;
