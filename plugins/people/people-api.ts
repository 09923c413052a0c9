import { gatewayApi, service } from '@portal/plugin-api';
import type { GatewayBody, GatewayQuery, GatewayResponse } from '@portal/plugin-api';

export type EntityUser = GatewayResponse<'saveEntityUserRights'>;
/** A row of an entity's list: a user, or an invitation waiting for its answer (userId null, as typed). */
export type ListedUser = GatewayResponse<'entityUsers'>['items'][number];
export type Delegation = GatewayResponse<'delegations'>['items'][number];
type EntityCollaborator = GatewayResponse<'entityCollaborators'>['items'][number];
export type WalletCollaborator = GatewayResponse<'walletCollaborators'>['items'][number];
export type NewEntity = GatewayBody<'createEntity'>;

const usersPath = (accountId: number) => service('account', `accounts/${String(accountId)}/users`);
const TAGS = ['People', 'Delegations', 'Collaborators', 'Admins'] as const;

// Every people write changes who holds what: the lists and the delegation log are asked again.
const peopleApi = gatewayApi.enhanceEndpoints({ addTagTypes: TAGS }).injectEndpoints({
  endpoints: (build) => ({
    entityUsers: build.query<
      GatewayResponse<'entityUsers'>,
      { accountId: number } & Partial<GatewayQuery<'entityUsers'>>
    >({
      query: ({ accountId, ...params }) => ({ url: usersPath(accountId), params }),
      providesTags: ['People'],
    }),
    walletUsers: build.query<GatewayResponse<'walletUsers'>, Partial<GatewayQuery<'walletUsers'>>>({
      query: (params) => ({ url: service('wallet', 'users'), params }),
      providesTags: ['People'],
    }),
    addEntityUser: build.mutation<
      GatewayResponse<'addEntityUser'>,
      { accountId: number; body: GatewayBody<'addEntityUser'> }
    >({
      query: ({ accountId, body }) => ({ url: usersPath(accountId), method: 'POST', body }),
      invalidatesTags: ['People', 'Delegations'],
    }),
    saveRights: build.mutation<
      EntityUser,
      { accountId: number; userId: number; body: GatewayBody<'saveEntityUserRights'> }
    >({
      query: ({ accountId, userId, body }) => ({
        url: `${usersPath(accountId)}/${String(userId)}/rights`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: ['People', 'Delegations'],
    }),
    removeEntityUser: build.mutation<void, { accountId: number; userId: number }>({
      query: ({ accountId, userId }) => ({
        url: `${usersPath(accountId)}/${String(userId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['People', 'Delegations'],
    }),
    delegations: build.query<
      GatewayResponse<'delegations'>,
      { accountId: number } & Partial<GatewayQuery<'delegations'>>
    >({
      query: ({ accountId, ...params }) => ({
        url: service('account', `accounts/${String(accountId)}/delegations`),
        params,
      }),
      providesTags: ['Delegations'],
    }),
    entityCollaborators: build.query<GatewayResponse<'entityCollaborators'>, number>({
      query: (accountId) => service('wallet', `accounts/${String(accountId)}/collaborators`),
      providesTags: ['Collaborators'],
    }),
    walletCollaborators: build.query<
      GatewayResponse<'walletCollaborators'>,
      Partial<GatewayQuery<'walletCollaborators'>>
    >({
      query: (params) => ({ url: service('wallet', 'collaborators'), params }),
      providesTags: ['Collaborators'],
    }),
    setCollaboratorAdmin: build.mutation<void, { userId: number; isAdmin: boolean }>({
      query: ({ userId, isAdmin }) => ({
        url: service('wallet', `collaborators/${String(userId)}/admin`),
        method: 'PUT',
        body: { isAdmin },
      }),
      invalidatesTags: ['Collaborators', 'Admins'],
    }),
    adminCollaborators: build.query<GatewayResponse<'adminCollaborators'>, void>({
      query: () => service('wallet', 'admin-collaborators'),
      providesTags: ['Admins'],
    }),
    deleteAdminCollaborator: build.mutation<void, number>({
      query: (userId) => ({
        url: service('wallet', `admin-collaborators/${String(userId)}`),
        method: 'DELETE',
      }),
      invalidatesTags: ['Collaborators', 'Admins'],
    }),
    assignCollaborator: build.mutation<void, { accountId: number; userId: number; role: string }>({
      query: ({ accountId, userId, role }) => ({
        url: service('wallet', `accounts/${String(accountId)}/collaborators/${String(userId)}`),
        method: 'PUT',
        body: { role },
      }),
      invalidatesTags: ['Collaborators', 'Delegations'],
    }),
    myFolders: build.query<GatewayResponse<'accountsCurrentUser'>, void>({
      query: () => ({ url: service('account', 'accounts/currentuser'), params: { pageSize: 100 } }),
      providesTags: ['Collaborators'],
    }),
    createEntity: build.mutation<GatewayResponse<'createEntity'>, NewEntity>({
      query: (body) => ({ url: service('entitycreator', 'entities'), method: 'POST', body }),
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
