import { gatewayApi, service } from '@portal/plugin-api';
import type { GatewayQuery, GatewayResponse } from '@portal/plugin-api';

type ReportPage = GatewayResponse<'entityReports'>;
export type Report = ReportPage['items'][number];
export type ReportKind = Report['kind'];
type EntityReportsArgs = GatewayQuery<'entityReports'> & { accountId: number };
type Folders = GatewayResponse<'accountsCurrentUser'>;

export const REPORT_KINDS: readonly ReportKind[] = ['financial', 'hr'];

/** Where a report's file is served (open or download). */
export const reportFilePath = (id: number) => service('reporting', `reports/${String(id)}/file`);
/** Where a deposit (fields, then its file) is sent. */
export const depositPath = () => service('reporting', 'reports/files');

const reportsApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['BiReports', 'Reports'] }).injectEndpoints({
  endpoints: (build) => ({
    entityReports: build.query<ReportPage, EntityReportsArgs>({
      query: ({ accountId, ...params }) => ({
        url: service('reporting', `accounts/${String(accountId)}/reports`),
        params,
      }),
      providesTags: ['BiReports'],
    }),
    walletReports: build.query<ReportPage, GatewayQuery<'walletReports'>>({
      query: (params) => ({ url: service('reporting', 'reports/wallet'), params }),
      providesTags: ['BiReports'],
    }),
    reportFolders: build.query<Folders, void>({
      // Every folder of the wallet at once (the gateway's largest page): the choice is searched locally.
      query: () => ({ url: service('account', 'accounts/currentuser'), params: { page: 1, pageSize: 100 } }),
    }),
    deleteReport: build.mutation<null, number>({
      query: (id) => ({ url: service('reporting', `reports/${String(id)}`), method: 'DELETE' }),
      // The engine's report count (sidebar, home widget) and both lists follow.
      invalidatesTags: ['BiReports', 'Reports'],
    }),
  }),
});

export const {
  useEntityReportsQuery,
  useWalletReportsQuery,
  useReportFoldersQuery,
  useDeleteReportMutation,
} = reportsApi;
