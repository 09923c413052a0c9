import { contractEndpoint, contractRoutes, gatewayApi } from '@portal/plugin-api';
import type { GatewayBody } from '@portal/plugin-api';

const studioApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['ManifestVersions'] }).injectEndpoints({
  endpoints: (build) => ({
    manifestVersions: contractEndpoint(contractRoutes.manifestVersions).query(build, {
      providesTags: ['ManifestVersions'],
    }),
    manifestVersion: contractEndpoint(contractRoutes.manifestVersion).query(build, {
      request: (id: number) => ({ params: { id } }),
    }),
    studioPersonas: contractEndpoint(contractRoutes.studioPersonas).query(build, {}),
    manifestDraft: contractEndpoint(contractRoutes.manifestDraft).query(build, {}),
    saveManifestDraft: contractEndpoint(contractRoutes.saveManifestDraft).mutation(build, {
      request: (body: GatewayBody<'saveManifestDraft'>) => ({ body }),
    }),
    // Refused or not, the list is asked again: after a 409 it names the version published meanwhile.
    publishManifest: contractEndpoint(contractRoutes.publishManifest).mutation(build, {
      request: (body: GatewayBody<'publishManifest'>) => ({ body }),
      invalidatesTags: ['ManifestVersions'],
    }),
    publishManifestVersion: contractEndpoint(contractRoutes.publishManifestVersion).mutation(build, {
      request: ({ id, baseVersion }: { id: number } & GatewayBody<'publishManifestVersion'>) => ({
        params: { id },
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
