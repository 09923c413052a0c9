import { gatewayApi, service } from '@portal/plugin-api';
import type { GatewayBody, GatewayResponse } from '@portal/plugin-api';

const studioApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['ManifestVersions'] }).injectEndpoints({
  endpoints: (build) => ({
    manifestVersions: build.query<GatewayResponse<'manifestVersions'>, void>({
      query: () => service('studio', 'manifest/versions'),
      providesTags: ['ManifestVersions'],
    }),
    manifestVersion: build.query<GatewayResponse<'manifestVersion'>, number>({
      query: (id) => service('studio', `manifest/versions/${String(id)}`),
    }),
    studioPersonas: build.query<GatewayResponse<'studioPersonas'>, void>({
      query: () => service('studio', 'personas'),
    }),
    manifestDraft: build.query<GatewayResponse<'manifestDraft'>, void>({
      query: () => service('studio', 'manifest/draft'),
    }),
    saveManifestDraft: build.mutation<GatewayResponse<'saveManifestDraft'>, GatewayBody<'saveManifestDraft'>>(
      {
        query: (body) => ({ url: service('studio', 'manifest/draft'), method: 'PUT', body }),
      },
    ),
    // Refused or not, the list is asked again: after a 409 it names the version published meanwhile.
    publishManifest: build.mutation<GatewayResponse<'publishManifest'>, GatewayBody<'publishManifest'>>({
      query: (body) => ({ url: service('studio', 'manifest/versions'), method: 'POST', body }),
      invalidatesTags: ['ManifestVersions'],
    }),
    publishManifestVersion: build.mutation<
      GatewayResponse<'publishManifestVersion'>,
      { id: number } & GatewayBody<'publishManifestVersion'>
    >({
      query: ({ id, baseVersion }) => ({
        url: service('studio', `manifest/versions/${String(id)}/publish`),
        method: 'POST',
        body: { baseVersion },
      }),
      invalidatesTags: ['ManifestVersions'],
    }),
  }),
});

/** The version published since the base of a refused write (409 stale_version), else undefined. */
export function publishedSince(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error) || error.status !== 409)
    return undefined;
  const data = 'data' in error ? error.data : undefined;
  return typeof data === 'object' && data !== null && 'publishedVersion' in data
    ? Number(data.publishedVersion)
    : undefined;
}

export const {
  useManifestVersionsQuery,
  useManifestVersionQuery,
  useManifestDraftQuery,
  useStudioPersonasQuery,
  useSaveManifestDraftMutation,
  usePublishManifestMutation,
  usePublishManifestVersionMutation,
} = studioApi;
