import { gatewayApi, service } from '@portal/plugin-api';
import type { GatewayBody, GatewayResponse } from '@portal/plugin-api';

const studioApi = gatewayApi.enhanceEndpoints({ addTagTypes: ['ManifestVersions'] }).injectEndpoints({
  endpoints: (build) => ({
    manifestVersions: build.query<GatewayResponse<'manifestVersions'>, void>({
      query: () => service('studio', 'manifest/versions'),
      providesTags: ['ManifestVersions'],
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
    publishManifest: build.mutation<GatewayResponse<'publishManifest'>, GatewayBody<'publishManifest'>>({
      query: (body) => ({ url: service('studio', 'manifest/versions'), method: 'POST', body }),
      invalidatesTags: ['ManifestVersions'],
    }),
    publishManifestVersion: build.mutation<GatewayResponse<'publishManifestVersion'>, number>({
      query: (id) => ({ url: service('studio', `manifest/versions/${String(id)}/publish`), method: 'POST' }),
      invalidatesTags: ['ManifestVersions'],
    }),
  }),
});

export const {
  useManifestVersionsQuery,
  useManifestDraftQuery,
  useStudioPersonasQuery,
  useSaveManifestDraftMutation,
  usePublishManifestMutation,
  usePublishManifestVersionMutation,
} = studioApi;
