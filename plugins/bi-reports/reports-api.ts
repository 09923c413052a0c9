import { contractEndpoint, contractPath, contractRoutes, gatewayApi } from '@portal/plugin-api';
import type { GatewayQuery, GatewayResponse } from '@portal/plugin-api';

type ReportPage = GatewayResponse<'entityReports'>;
export type Report = ReportPage['items'][number];
export type ReportKind = Report['kind'];
type EntityReportsArgs = GatewayQuery<'entityReports'> & { accountId: number };

export const REPORT_KINDS: readonly ReportKind[] = ['financial', 'hr'];

/** How many matching folders the picker offers at once. */
const FOLDER_CHOICES = 20;

/** Where a report's file is served (open or download). */
export const reportFilePath = (id: number) => contractPath(contractRoutes.reportFile, { params: { id } });
/** Where a deposit (fields, then its file) is sent. */
export const depositPath = () => contractPath(contractRoutes.depositReportFile, {});

const reportsApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['BiReports', 'Reports'] }).injectEndpoints({
  endpoints: (build) => ({
    entityReports: contractEndpoint(contractRoutes.entityReports).query(build, {
      request: ({ accountId, ...query }: EntityReportsArgs) => ({ params: { id: accountId }, query }),
      providesTags: ['BiReports'],
    }),
    walletReports: contractEndpoint(contractRoutes.walletReports).query(build, {
      request: (query: GatewayQuery<'walletReports'>) => ({ query }),
      providesTags: ['BiReports'],
    }),
    reportFolderChoices: contractEndpoint(contractRoutes.walletFolders).query(build, {
      // The gateway searches the whole wallet (thousands of folders): a page of matches, favourites first.
      request: (q: string) => ({ query: { q, pageSize: FOLDER_CHOICES } }),
    }),
    reportFolder: contractEndpoint(contractRoutes.accountSummary).query(build, {
      // The chosen folder's name when the matches do not list it (a link, or a later search).
      request: (accountId: number) => ({ params: { id: accountId } }),
    }),
    deleteReport: contractEndpoint(contractRoutes.deleteReport).mutation(build, {
      request: (id: number) => ({ params: { id } }),
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
