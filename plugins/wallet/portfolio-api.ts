import { contractEndpoint, contractRequest, contractRoutes, gatewayApi } from '@portal/plugin-api';
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
      walletFolders: contractEndpoint(contractRoutes.walletFolders).query(build, {
        request: (query: GatewayQuery<'walletFolders'>) => ({ query }),
        providesTags: ['Folders'],
      }),
      myEntities: contractEndpoint(contractRoutes.myEntities).query(build, {
        request: (query: GatewayQuery<'myEntities'>) => ({ query }),
        providesTags: ['Folders'],
      }),
      setFavorite: contractEndpoint(contractRoutes.setFavorite).mutation(build, {
        request: ({ accountId, favorite }: { accountId: number } & GatewayBody<'setFavorite'>) => ({
          params: { accountId },
          body: { favorite },
        }),
        // Favourites come first: the order of every list of folders may change.
        invalidatesTags: ['Folders'],
      }),
      walletMandates: contractEndpoint(contractRoutes.walletMandates).query(build, {
        request: (query: GatewayQuery<'walletMandates'>) => ({ query }),
        providesTags: ['Mandates'],
      }),
      myInvitations: contractEndpoint(contractRoutes.myInvitations).query(build, {
        providesTags: ['Invitations'],
      }),
      answerInvitation: build.mutation<void, { invitationId: number; answer: 'accept' | 'decline' }>({
        // Two routes of the contract, one per answer.
        query: ({ invitationId, answer }) =>
          answer === 'accept'
            ? contractRequest(contractRoutes.acceptInvitation, { params: { invitationId } })
            : contractRequest(contractRoutes.declineInvitation, { params: { invitationId } }),
        // Accepted, the entity joins the person's lists and their count (the user context).
        invalidatesTags: (_result, _error, { answer }) =>
          answer === 'accept' ? ['Invitations', 'Folders', 'Entities', 'Contact'] : ['Invitations'],
      }),
      setMandateStatus: contractEndpoint(contractRoutes.setMandateStatus).mutation(build, {
        request: ({ id, ...body }: { id: number } & GatewayBody<'setMandateStatus'>) => ({
          params: { id },
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
