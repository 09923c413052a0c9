import { logger as sharedLogger } from '../logging/logger.ts';
import { InvalidTokenError } from '../session/refresh.ts';
import type { GatewayExtra } from './base-query.ts';
import type { GatewayExtraOptions } from './base-query.ts';
import { gatewayApi } from './gateway-api.ts';
import { permissionCodes } from './permission-codes.ts';
import { contractEndpoint, contractPath, contractRoutes } from './contract-endpoint.ts';
import { resolveServicePath } from './service-path.ts';
import type {
  Contact,
  CreateNewPasswordRequest,
  LoginRequest,
  LogoutRequest,
  ResetPasswordRequest,
  TermsLanguage,
  TokenExchangeRequest,
  TokenResponse,
  UserInformation,
  UserOrigin,
} from './types.ts';

const anonymous = { anonymous: true } as const satisfies GatewayExtraOptions;
const signingOut = {
  skipRefresh: true,
  skipUnauthorizedHandler: true,
} as const satisfies GatewayExtraOptions;

export type PermissionsArgs = { accountId?: number } | void;
export type TermsContentArgs = { language?: TermsLanguage } | void;
export type ReportsArgs = { accountId: number; page?: number; pageSize?: number };
/** `pageSize` comes from the caller: the first load uses the manifest's `constants.entitiesPageSize`. */
export type EntitiesArgs = { page?: number; pageSize: number; search?: string };

/**
 * Logs a failure the spec says is logged and then yields no data (SPEC section 8), with the store's own
 * logger (its gateway client's); the caller still gets the error.
 */
function logFailure(what: string) {
  return async (
    _arg: unknown,
    { queryFulfilled, extra }: { queryFulfilled: Promise<unknown>; extra: unknown },
  ): Promise<void> => {
    try {
      await queryFulfilled;
    } catch (failure) {
      const status = (failure as { error?: { status?: unknown } }).error?.status;
      // No status: the call was cancelled (the session ended and its data was dropped), nothing failed.
      if (status === undefined) return;
      const logger = (extra as Partial<GatewayExtra> | undefined)?.gateway?.config.logger ?? sharedLogger;
      logger.error(`Failed to load ${what}`, { status });
    }
  };
}

/** A call whose argument is its JSON body, sent with these options of the base query. */
const sendBody = <Body>(extraOptions: GatewayExtraOptions) => ({
  request: (body: Body) => ({ body }),
  extraOptions,
});

/** The calls of the session itself (SPEC 7): sign-in and out, the user context, the terms, the entities. */
export const sessionApi = gatewayApi.injectEndpoints({
  endpoints: (build) => ({
    login: contractEndpoint(contractRoutes.login).mutation(build, sendBody<LoginRequest>(anonymous)),
    createNewPassword: contractEndpoint(contractRoutes.createNewPassword).mutation(
      build,
      sendBody<CreateNewPasswordRequest>(anonymous),
    ),
    resetPassword: contractEndpoint(contractRoutes.resetPassword).mutation(
      build,
      sendBody<ResetPasswordRequest>(anonymous),
    ),
    logout: contractEndpoint(contractRoutes.logout).mutation(build, sendBody<LogoutRequest>(signingOut)),
    tokenExchange: contractEndpoint(contractRoutes.tokenExchange).mutation(
      build,
      sendBody<TokenExchangeRequest>(anonymous),
    ),
    getUserInformation: contractEndpoint(contractRoutes.userInformation).query(build, {
      transformResponse: (answer: UserInformation): UserInformation => ({
        ...answer,
        permissions: permissionCodes(answer.permissions),
      }),
      providesTags: ['Contact', 'Permissions'],
      onQueryStarted: logFailure('the user context'),
    }),
    getContactMe: contractEndpoint(contractRoutes.contactMe).query(build, {
      // The wider type of a production backend (types.ts).
      transformResponse: (answer: Contact): Contact => answer,
      providesTags: ['Contact'],
      onQueryStarted: logFailure('the user context'),
    }),
    getCurrentUserPermissions: contractEndpoint(contractRoutes.currentUserPermissions).query(build, {
      request: (args: PermissionsArgs) =>
        args?.accountId === undefined ? {} : { query: { accountId: args.accountId } },
      transformResponse: (answer) => ({ ...answer, permissions: permissionCodes(answer.permissions) }),
      providesTags: (_result, _error, args) => [{ type: 'Permissions', id: args?.accountId ?? 'GLOBAL' }],
      onQueryStarted: logFailure('permissions'),
    }),
    getLatestTerms: contractEndpoint(contractRoutes.termsLatest).query(build, { providesTags: ['Terms'] }),
    getLatestTermsContent: contractEndpoint(contractRoutes.termsLatestContent).query(build, {
      request: (args: TermsContentArgs) => ({ query: { language: args?.language ?? 'fr' } }),
      providesTags: ['Terms'],
    }),
    getTermsAcceptance: contractEndpoint(contractRoutes.termsState).query(build, { providesTags: ['Terms'] }),
    acceptTerms: contractEndpoint(contractRoutes.acceptTerms).mutation(build, {
      request: (query: { termsId: number }) => ({ query }),
      invalidatesTags: ['Terms'],
    }),
    getReportsCount: contractEndpoint(contractRoutes.reportsCurrentUser).query(build, {
      request: (query: ReportsArgs) => ({ query }),
      providesTags: (_result, _error, { accountId }) => [{ type: 'Reports', id: accountId }],
    }),
    getEntitySummary: contractEndpoint(contractRoutes.accountSummary).query(build, {
      request: (id: number) => ({ params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'Entity', id }],
      onQueryStarted: logFailure('the entity'),
    }),
    getCurrentUserEntities: contractEndpoint(contractRoutes.accountsCurrentUser).query(build, {
      request: ({ pageSize, page, search }: EntitiesArgs) => ({ query: { pageSize, page, search } }),
      providesTags: ['Entities'],
      onQueryStarted: logFailure('entities'),
    }),
    getUserOrigin: contractEndpoint(contractRoutes.userOrigin).query(build, {
      // Any answer is read (types.ts): 'COLLAB' leads to the collaborator login, anything else to the client's.
      transformResponse: (answer: UserOrigin): UserOrigin => answer,
      extraOptions: anonymous,
      onQueryStarted: logFailure('the user origin'),
    }),
  }),
});

export const {
  useCreateNewPasswordMutation,
  useResetPasswordMutation,

  useGetLatestTermsContentQuery,
  useGetLatestTermsQuery,
} = sessionApi;

export class HttpStatusError extends Error {
  override readonly name = 'HttpStatusError';
  constructor(readonly status: number) {
    super(`The gateway answered ${status}`);
  }
}

/**
 * The refresh call as a plain fetch, so the refresher does not depend on the Redux store (and
 * cannot recurse into the base query that awaits it). Rejects on a network error or a non-2xx
 * answer, and with InvalidTokenError when the answer carries no token.
 */
export async function postRefreshToken(
  baseUrl: string,
  services: Readonly<Record<string, string>>,
  token: string,
  fetchFn: typeof fetch = (...args) => fetch(...args),
  signal?: AbortSignal,
): Promise<string> {
  const path = resolveServicePath(contractPath(contractRoutes.refreshToken, {}), services);
  const url = `${baseUrl.replace(/\/+$/, '')}/${path}`;
  const response = await fetchFn(url, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    ...(signal === undefined ? {} : { signal }),
  });
  if (!response.ok) throw new HttpStatusError(response.status);
  const answer: unknown = await response.json().catch(() => null);
  if (typeof answer === 'string') return answer;
  if (
    typeof answer === 'object' &&
    answer !== null &&
    typeof (answer as Partial<TokenResponse>).token === 'string'
  ) {
    return (answer as TokenResponse).token;
  }
  throw new InvalidTokenError('The token refresh answer has no token');
}
