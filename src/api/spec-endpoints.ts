import { logger as sharedLogger } from '../logging/logger.ts';
import { InvalidTokenError } from '../session/refresh.ts';
import type { GatewayExtra } from './base-query.ts';
import type { GatewayExtraOptions } from './base-query.ts';
import { gatewayApi } from './gateway-api.ts';
import { permissionCodes } from './permission-codes.ts';
import { resolveServicePath, service, UNPREFIXED_CALLS } from './service-path.ts';
import type {
  BiReportPage,
  Contact,
  CreateNewPasswordRequest,
  EntitySummary,
  LoginRequest,
  LogoutRequest,
  EntityPage,
  Permissions,
  ResetPasswordRequest,
  Terms,
  TermsAcceptance,
  TermsContent,
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

export const specApi = gatewayApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TokenResponse, LoginRequest>({
      query: (body) => ({ url: service('authentication', 'login'), method: 'POST', body }),
      extraOptions: anonymous,
    }),
    createNewPassword: build.mutation<void, CreateNewPasswordRequest>({
      query: (body) => ({ url: service('authentication', 'createNewPassword'), method: 'POST', body }),
      extraOptions: anonymous,
    }),
    resetPassword: build.mutation<void, ResetPasswordRequest>({
      query: (body) => ({ url: service('authentication', 'resetPassword'), method: 'POST', body }),
      extraOptions: anonymous,
    }),
    logout: build.mutation<void, LogoutRequest>({
      query: (body) => ({ url: service('authentication', 'logout'), method: 'POST', body }),
      extraOptions: signingOut,
    }),
    tokenExchange: build.mutation<TokenResponse, TokenExchangeRequest>({
      query: (body) => ({ url: service('authentication', 'token-exchange'), method: 'POST', body }),
      extraOptions: anonymous,
    }),
    getUserInformation: build.query<UserInformation, void>({
      query: () => service('connect', 'get-user-information'),
      transformResponse: (answer: UserInformation) => ({
        ...answer,
        permissions: permissionCodes(answer.permissions),
      }),
      providesTags: ['Contact', 'Permissions'],
      onQueryStarted: logFailure('the user context'),
    }),
    getContactMe: build.query<Contact, void>({
      query: () => UNPREFIXED_CALLS.contactMe,
      providesTags: ['Contact'],
      onQueryStarted: logFailure('the user context'),
    }),
    getCurrentUserPermissions: build.query<Permissions, PermissionsArgs>({
      query: (args) => ({
        url: service('authorization', 'authorization/currentuser'),
        ...(args?.accountId === undefined ? {} : { params: { accountId: args.accountId } }),
      }),
      transformResponse: (answer: Permissions) => ({
        ...answer,
        permissions: permissionCodes(answer.permissions),
      }),
      providesTags: (_result, _error, args) => [{ type: 'Permissions', id: args?.accountId ?? 'GLOBAL' }],
      onQueryStarted: logFailure('permissions'),
    }),
    getLatestTerms: build.query<Terms, void>({
      query: () => service('contact', 'terms/latest'),
      providesTags: ['Terms'],
    }),
    getLatestTermsContent: build.query<TermsContent, TermsContentArgs>({
      query: (args) => ({
        url: service('contact', 'terms/latest/content'),
        params: { language: args?.language ?? 'fr' },
      }),
      providesTags: ['Terms'],
    }),
    getTermsAcceptance: build.query<TermsAcceptance, void>({
      query: () => service('contact', 'contacts/currentuser/terms'),
      providesTags: ['Terms'],
    }),
    acceptTerms: build.mutation<void, { termsId: number }>({
      query: ({ termsId }) => ({
        url: service('contact', 'contacts/currentuser/terms'),
        method: 'PATCH',
        params: { termsId },
      }),
      invalidatesTags: ['Terms'],
    }),
    getReportsCount: build.query<BiReportPage, ReportsArgs>({
      query: ({ accountId, page, pageSize }) => ({
        url: service('reporting', 'reports/currentuser'),
        params: { accountId, page, pageSize },
      }),
      providesTags: (_result, _error, { accountId }) => [{ type: 'Reports', id: accountId }],
    }),
    getEntitySummary: build.query<EntitySummary, number>({
      query: (id) => service('connect', `accounts/${encodeURIComponent(String(id))}/summary`),
      providesTags: (_result, _error, id) => [{ type: 'Entity', id }],
      onQueryStarted: logFailure('the entity'),
    }),
    getCurrentUserEntities: build.query<EntityPage, EntitiesArgs>({
      query: (args) => ({
        url: service('account', 'accounts/currentuser'),
        params: {
          pageSize: args.pageSize,
          page: args.page,
          search: args.search,
        },
      }),
      providesTags: ['Entities'],
      onQueryStarted: logFailure('entities'),
    }),
    getUserOrigin: build.query<UserOrigin, void>({
      query: () => UNPREFIXED_CALLS.userOrigin,
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
} = specApi;

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
  const path = resolveServicePath(service('authentication', 'refreshToken'), services);
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
