import { gatewayApi, service } from '@portal/plugin-api';
import type { GatewayQuery, GatewayResponse } from '@portal/plugin-api';

type ReportPage = GatewayResponse<'entityReports'>;
export type Report = ReportPage['items'][number];
export type ReportKind = Report['kind'];
type EntityReportsArgs = GatewayQuery<'entityReports'> & { accountId: number };
type FolderChoices = GatewayResponse<'walletFolders'>;

export const REPORT_KINDS: readonly ReportKind[] = ['financial', 'hr'];

/** How many matching folders the picker offers at once. */
const FOLDER_CHOICES = 20;

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
    reportFolderChoices: build.query<FolderChoices, string>({
      // The gateway searches the whole wallet (thousands of folders): a page of matches, favourites first.
      query: (q) => ({
        url: service('wallet', 'portfolio/folders'),
        params: { q, pageSize: FOLDER_CHOICES },
      }),
    }),
    reportFolder: build.query<GatewayResponse<'accountSummary'>, number>({
      // The chosen folder's name when the matches do not list it (a link, or a later search).
      query: (accountId) => service('connect', `accounts/${String(accountId)}/summary`),
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
  useReportFolderChoicesQuery,
  useReportFolderQuery,
  useDeleteReportMutation,
} = reportsApi;
