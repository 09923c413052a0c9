import { contractEndpoint, contractRoutes, gatewayApi } from '@portal/plugin-api';
import type { GatewayBody, GatewayQuery, GatewayResponse } from '@portal/plugin-api';

export type EntityUser = GatewayResponse<'saveEntityUserRights'>;
/** A row of an entity's list: a user, or an invitation waiting for its answer (userId null, as typed). */
export type ListedUser = GatewayResponse<'entityUsers'>['items'][number];
export type Delegation = GatewayResponse<'delegations'>['items'][number];
type EntityCollaborator = GatewayResponse<'entityCollaborators'>['items'][number];
export type WalletCollaborator = GatewayResponse<'walletCollaborators'>['items'][number];
export type AdminCollaborator = GatewayResponse<'adminCollaborators'>['items'][number];
export type NewEntity = GatewayBody<'createEntity'>;

const TAGS = ['People', 'Delegations', 'Collaborators', 'Admins'] as const;

// Every people write changes who holds what: the lists and the delegation log are asked again.
const peopleApi = gatewayApi.enhanceEndpoints({ addTagTypes: TAGS }).injectEndpoints({
  endpoints: (build) => ({
    entityUsers: contractEndpoint(contractRoutes.entityUsers).query(build, {
      request: ({ accountId, ...query }: { accountId: number } & Partial<GatewayQuery<'entityUsers'>>) => ({
        params: { id: accountId },
        query,
      }),
      providesTags: ['People'],
    }),
    walletUsers: contractEndpoint(contractRoutes.walletUsers).query(build, {
      request: (query: Partial<GatewayQuery<'walletUsers'>>) => ({ query }),
      providesTags: ['People'],
    }),
    addEntityUser: contractEndpoint(contractRoutes.addEntityUser).mutation(build, {
      request: ({ accountId, body }: { accountId: number; body: GatewayBody<'addEntityUser'> }) => ({
        params: { id: accountId },
        body,
      }),
      invalidatesTags: ['People', 'Delegations'],
    }),
    saveRights: contractEndpoint(contractRoutes.saveEntityUserRights).mutation(build, {
      request: ({
        accountId,
        userId,
        body,
      }: {
        accountId: number;
        userId: number;
        body: GatewayBody<'saveEntityUserRights'>;
      }) => ({ params: { id: accountId, userId }, body }),
      invalidatesTags: ['People', 'Delegations'],
    }),
    removeEntityUser: contractEndpoint(contractRoutes.removeEntityUser).mutation(build, {
      request: ({ accountId, userId }: { accountId: number; userId: number }) => ({
        params: { id: accountId, userId },
      }),
      invalidatesTags: ['People', 'Delegations'],
    }),
    delegations: contractEndpoint(contractRoutes.delegations).query(build, {
      request: ({ accountId, ...query }: { accountId: number } & Partial<GatewayQuery<'delegations'>>) => ({
        params: { id: accountId },
        query,
      }),
      providesTags: ['Delegations'],
    }),
    entityCollaborators: contractEndpoint(contractRoutes.entityCollaborators).query(build, {
      request: (accountId: number) => ({ params: { id: accountId } }),
      providesTags: ['Collaborators'],
    }),
    walletCollaborators: contractEndpoint(contractRoutes.walletCollaborators).query(build, {
      request: (query: Partial<GatewayQuery<'walletCollaborators'>>) => ({ query }),
      providesTags: ['Collaborators'],
    }),
    setCollaboratorAdmin: contractEndpoint(contractRoutes.setCollaboratorAdmin).mutation(build, {
      request: ({ userId, isAdmin }: { userId: number; isAdmin: boolean }) => ({
        params: { userId },
        body: { isAdmin },
      }),
      invalidatesTags: ['Collaborators', 'Admins'],
    }),
    adminCollaborators: contractEndpoint(contractRoutes.adminCollaborators).query(build, {
      providesTags: ['Admins'],
    }),
    deleteAdminCollaborator: contractEndpoint(contractRoutes.deleteAdminCollaborator).mutation(build, {
      request: (userId: number) => ({ params: { userId } }),
      invalidatesTags: ['Collaborators', 'Admins'],
    }),
    assignCollaborator: contractEndpoint(contractRoutes.assignCollaborator).mutation(build, {
      request: ({ accountId, userId, role }: { accountId: number; userId: number; role: string }) => ({
        params: { id: accountId, userId },
        // The page's select offers COLLABORATOR_ROLES only; another string is the gateway's to refuse (422).
        body: { role: role as Role },
      }),
      invalidatesTags: ['Collaborators', 'Delegations'],
    }),
    myFolders: contractEndpoint(contractRoutes.accountsCurrentUser).query(build, {
      request: () => ({ query: { pageSize: 100 } }),
      providesTags: ['Collaborators'],
    }),
    createEntity: contractEndpoint(contractRoutes.createEntity).mutation(build, {
      request: (body: NewEntity) => ({ body }),
      // The new entity joins the wallet's lists, which other plugins cache under their own tags.
      invalidatesTags: ['Collaborators'],
    }),
  }),
});

export const {
  useEntityUsersQuery,
  useWalletUsersQuery,
  useAddEntityUserMutation,
  useSaveRightsMutation,
  useRemoveEntityUserMutation,
  useDelegationsQuery,
  useEntityCollaboratorsQuery,
  useWalletCollaboratorsQuery,
  useSetCollaboratorAdminMutation,
  useAdminCollaboratorsQuery,
  useDeleteAdminCollaboratorMutation,
  useAssignCollaboratorMutation,
  useCreateEntityMutation,
  useMyFoldersQuery,
} = peopleApi;

/** The gateway's error code of a failed call (`stale_version`, `last_admin_right`...), with its status. */
export function failureOf(error: unknown): { status: number | undefined; code: string | undefined } {
  if (typeof error !== 'object' || error === null) return { status: undefined, code: undefined };
  const status = 'status' in error && typeof error.status === 'number' ? error.status : undefined;
  const data = 'data' in error ? error.data : undefined;
  const code =
    typeof data === 'object' && data !== null && 'error' in data && typeof data.error === 'string'
      ? data.error
      : undefined;
  return { status, code };
}

type Role = NonNullable<EntityCollaborator['role']>;
const ROLES = ['partner', 'accountant', 'payroll', 'assistant'] as const satisfies readonly Role[];

/** A role the gateway sent, if it is one the screens have a label for. */
export function knownRole(value: string | null): Role | null {
  return ROLES.find((role) => role === value) ?? null;
}

export const COLLABORATOR_ROLES: readonly Role[] = ROLES;
