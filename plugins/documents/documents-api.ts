import { contractEndpoint, contractPath, contractRoutes, gatewayApi } from '@portal/plugin-api';
import type { GatewayQuery, GatewayResponse } from '@portal/plugin-api';

type DocumentPage = GatewayResponse<'documentPage'>;
export type PortalDocument = DocumentPage['items'][number];
export type DocumentKind = PortalDocument['kind'];
type DocumentPageArgs = GatewayQuery<'documentPage'> & { accountId: number };

/** Where a document's bytes are served (open or download). */
export const documentFilePath = (id: number) => contractPath(contractRoutes.documentFile, { params: { id } });
/** The ZIP of a selection. */
export const documentsZipPath = (accountId: number) =>
  contractPath(contractRoutes.documentsZip, { params: { id: accountId } });
/** Where new files are sent. */
export const documentsPath = (accountId: number) =>
  contractPath(contractRoutes.uploadDocument, { params: { id: accountId } });

/** The cache tag of an entity's documents of one kind: an upload there invalidates it. */
export const documentsTag = (accountId: number, kind: string) =>
  ({ type: 'Documents', id: `${String(accountId)}-${kind}` }) as const;

const documentsApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['Documents'] }).injectEndpoints({
  endpoints: (build) => ({
    documentPage: contractEndpoint(contractRoutes.documentPage).query(build, {
      request: ({ accountId, ...query }: DocumentPageArgs) => ({ params: { id: accountId }, query }),
      providesTags: (_result, _error, { accountId, kind }) => [documentsTag(accountId, kind)],
    }),
  }),
});

export const { useDocumentPageQuery } = documentsApi;
