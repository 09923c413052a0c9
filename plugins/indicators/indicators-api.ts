import { contractEndpoint, contractRoutes, gatewayApi } from '@portal/plugin-api';
import type { GatewayResponse } from '@portal/plugin-api';

type KeyFigures = GatewayResponse<'keyFigures'>;
export type Figures = KeyFigures['current'];
export type Treasury = KeyFigures['treasury'];
export type MonthFigures = KeyFigures['months'][number];

export const indicatorsApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['KeyFigures'] }).injectEndpoints({
  endpoints: (build) => ({
    keyFigures: contractEndpoint(contractRoutes.keyFigures).query(build, {
      request: ({ accountId, year }: { accountId: number; year?: number }) => ({
        params: { id: accountId },
        ...(year === undefined ? {} : { query: { year } }),
      }),
      providesTags: (_result, _error, { accountId }) => [{ type: 'KeyFigures', id: accountId }],
    }),
  }),
});

export const { useKeyFiguresQuery } = indicatorsApi;
