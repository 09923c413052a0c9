import { gatewayApi, service } from '@portal/plugin-api';
import type { GatewayBody, GatewayQuery, GatewayResponse } from '@portal/plugin-api';

type FolderPage = GatewayResponse<'walletFolders'>;
export type Folder = FolderPage['items'][number];
type EntityPage = GatewayResponse<'myEntities'>;
export type MyEntity = EntityPage['items'][number];
type MandatePage = GatewayResponse<'walletMandates'>;
export type PendingInvitation = GatewayResponse<'myInvitations'>['items'][number];
export type Mandate = MandatePage['items'][number];
export type MandateStatus = Mandate['status'];

const walletApi = gatewayApi
  .enhanceEndpoints({ addTagTypes: ['Folders', 'Mandates', 'Invitations'] })
  .injectEndpoints({
    endpoints: (build) => ({
      walletFolders: build.query<FolderPage, GatewayQuery<'walletFolders'>>({
        query: (params) => ({ url: service('wallet', 'portfolio/folders'), params }),
        providesTags: ['Folders'],
      }),
      myEntities: build.query<EntityPage, GatewayQuery<'myEntities'>>({
        query: (params) => ({ url: service('account', 'portfolio/entities'), params }),
        providesTags: ['Folders'],
      }),
      setFavorite: build.mutation<
        GatewayResponse<'setFavorite'>,
        { accountId: number } & GatewayBody<'setFavorite'>
      >({
        query: ({ accountId, favorite }) => ({
          url: service('wallet', `portfolio/favorites/${String(accountId)}`),
          method: 'PUT',
          body: { favorite },
        }),
        // Favourites come first: the order of every list of folders may change.
        invalidatesTags: ['Folders'],
      }),
      walletMandates: build.query<MandatePage, GatewayQuery<'walletMandates'>>({
        query: (params) => ({ url: service('wallet', 'portfolio/mandates'), params }),
        providesTags: ['Mandates'],
      }),
      myInvitations: build.query<GatewayResponse<'myInvitations'>, void>({
        query: () => service('account', 'invitations'),
        providesTags: ['Invitations'],
      }),
      answerInvitation: build.mutation<void, { invitationId: number; answer: 'accept' | 'decline' }>({
        query: ({ invitationId, answer }) => ({
          url: service('account', `invitations/${String(invitationId)}/${answer}`),
          method: 'POST',
        }),
        // Accepted, the entity joins the person's lists and their count (the user context).
        invalidatesTags: (_result, _error, { answer }) =>
          answer === 'accept' ? ['Invitations', 'Folders', 'Entities', 'Contact'] : ['Invitations'],
      }),
      setMandateStatus: build.mutation<Mandate, { id: number } & GatewayBody<'setMandateStatus'>>({
        query: ({ id, ...body }) => ({
          url: service('wallet', `mandates/${String(id)}/status`),
          method: 'PUT',
          body,
        }),
        invalidatesTags: ['Mandates'],
      }),
    }),
  });

export const {
  useWalletFoldersQuery,
  useMyEntitiesQuery,
  useSetFavoriteMutation,
  useWalletMandatesQuery,
  useSetMandateStatusMutation,
  useMyInvitationsQuery,
  useAnswerInvitationMutation,
} = walletApi;
