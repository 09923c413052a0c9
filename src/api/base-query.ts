import type {
  BaseQueryApi,
  BaseQueryFn,
  FetchArgs,
  FetchBaseQueryError,
  FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query';
import { createAction } from '@reduxjs/toolkit';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { Logger } from '../logging/logger.ts';
import { resolveServicePath } from './service-path.ts';
import type { TokenRefresher } from '../session/refresh.ts';
import type { TokenStore } from '../session/token-storage.ts';

type GatewayService = 'gateway' | 'data';

/** Per-endpoint options, set as `extraOptions` on an endpoint definition. */
export type GatewayExtraOptions = {
  /** Which client sends the request; 'gateway' when absent. */
  service?: GatewayService;
  /** Send the stored token as it is: no refresh first (the refresh call itself). */
  skipRefresh?: boolean;
  /** A 401 is an ordinary error, never a session end (logout with a token already revoked). */
  skipUnauthorizedHandler?: boolean;
  /** No bearer, no refresh, and a 401 is an ordinary error (login, password reset, user origin). */
  anonymous?: boolean;
};

export type GatewayClientConfig = {
  gatewayBaseUrl: string;
  dataServiceBaseUrl: string;
  tokenStore: Pick<TokenStore, 'get'>;
  refresher: Pick<TokenRefresher, 'ensureFreshToken' | 'settled'>;
  logger: Logger;
  /** Defaults to the global fetch, looked up at call time. */
  fetchFn?: typeof fetch;
  timeoutMs?: number;
  /** The manifest's `gateway.services`: the prefixes that `service(name, path)` URLs resolve to. */
  services?: Readonly<Record<string, string>>;
};

type UnauthorizedContext = { endpoint: string; url: string; method: string };

/**
 * A request sent with a session token was answered 401 (SPEC 4: "a registered handler is invoked").
 * One listener of the store handles it (the session ends as expired); the base query only reports it.
 */
export const unauthorizedResponse = createAction<UnauthorizedContext>('gateway/unauthorizedResponse');

export type GatewayBaseQuery = BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  GatewayExtraOptions,
  FetchBaseQueryMeta
>;

type RawQuery = ReturnType<typeof fetchBaseQuery>;

/** The configured clients of one portal; reaches the base query as the store's `extra.gateway`. */
export type GatewayClient = {
  readonly config: GatewayClientConfig;
  readonly clients: Record<GatewayService, RawQuery>;
  /**
   * Twenty parallel requests rejected with the same token end the session once, not twenty times: the
   * token whose rejection ended a session. A rejection that ended nothing (a sign-in in progress) is
   * not recorded, so later 401s with that token are still reported.
   */
  lastRejectedToken: string | null;
};

/**
 * What the store passes to thunks and to the base query as `extra` (RTK's thunk extra argument), so
 * the gateway client is per store, never a module global: one portal, one test, one client.
 */
export type GatewayExtra = { gateway: GatewayClient };

function makeRawQuery(baseUrl: string, config: GatewayClientConfig): RawQuery {
  return fetchBaseQuery({
    baseUrl,
    ...(config.fetchFn ? { fetchFn: config.fetchFn } : {}),
    ...(config.timeoutMs === undefined ? {} : { timeout: config.timeoutMs }),
    prepareHeaders: (headers) => {
      // SPEC section 7: both clients send a JSON content type on every request.
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
      return headers;
    },
  });
}

/** The two clients of SPEC 7 (gateway and data service) over one configuration. */
export function createGatewayClient(config: GatewayClientConfig): GatewayClient {
  return {
    config,
    clients: {
      gateway: makeRawQuery(config.gatewayBaseUrl, config),
      data: makeRawQuery(config.dataServiceBaseUrl, config),
    },
    lastRejectedToken: null,
  };
}

function gatewayOf(extra: unknown): GatewayClient | null {
  const gateway = (extra as Partial<GatewayExtra> | undefined)?.gateway;
  return gateway ?? null;
}

/**
 * A thunk answering the store's gateway configuration, for what cannot go through RTK Query (a file
 * download hands a blob to the browser): `dispatch(readGatewayConfig())`.
 */
export function readGatewayConfig(): ThunkAction<
  GatewayClientConfig | null,
  unknown,
  unknown,
  UnknownAction
> {
  return (_dispatch, _getState, extra) => gatewayOf(extra)?.config ?? null;
}

function toHeaders(init: FetchArgs['headers']): Headers {
  if (init === undefined || init instanceof Headers) return new Headers(init);
  if (Array.isArray(init))
    return new Headers(init.map(([name = '', value = '']) => [name, value] as [string, string]));
  const headers = new Headers();
  for (const [name, value] of Object.entries(init)) if (value !== undefined) headers.set(name, value);
  return headers;
}

function withBearer(args: FetchArgs, token: string | null): FetchArgs {
  const headers = toHeaders(args.headers);
  if (token === null) headers.delete('Authorization');
  else headers.set('Authorization', `Bearer ${token}`);
  return { ...args, headers };
}

/** Longest Retry-After a read waits out before asking again; longer ones come back as the 429 error. */
const MAX_RETRY_AFTER_MS = 10_000;

/** The wait a Retry-After header asks for (seconds or an HTTP date), or null when it says nothing usable. */
export function retryAfterMs(header: string | null, nowMs: number): number | null {
  if (header === null || header.trim() === '') return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

function isServerOrNetworkError(error: FetchBaseQueryError): boolean {
  return typeof error.status === 'number'
    ? error.status >= 500
    : error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';
}

/** This token's rejection already ended a session, and it has not been stored again since. */
function alreadyEnded(client: GatewayClient, sentToken: string): boolean {
  if (sentToken !== client.lastRejectedToken) return false;
  if (client.config.tokenStore.get() !== sentToken) return true;
  // The same token is stored again (a new sign-in): its 401s end that session too.
  client.lastRejectedToken = null;
  return false;
}

export function createGatewayBaseQuery(): GatewayBaseQuery {
  // RTK passes the endpoint's extraOptions as they are: undefined when the endpoint sets none.
  return async (args, api: BaseQueryApi, extraOptions: GatewayExtraOptions | undefined) => {
    const current = gatewayOf(api.extra);
    if (!current) {
      return {
        error: {
          status: 'CUSTOM_ERROR',
          error: 'The store has no gateway client: makeStore({ extra: { gateway } })',
        },
      };
    }
    const { config, clients } = current;
    const options: GatewayExtraOptions = extraOptions ?? {};
    const raw = clients[options.service ?? 'gateway'];
    const given: FetchArgs = typeof args === 'string' ? { url: args } : args;
    let request: FetchArgs;
    try {
      request = { ...given, url: resolveServicePath(given.url, config.services ?? {}) };
    } catch (error) {
      config.logger.error('Gateway request to an unknown service', {
        endpoint: api.endpoint,
        url: given.url,
      });
      return {
        error: { status: 'CUSTOM_ERROR', error: error instanceof Error ? error.message : String(error) },
      };
    }
    const method = (request.method ?? 'GET').toUpperCase();
    const describe = { endpoint: api.endpoint, method, url: request.url };

    let sentToken: string | null = null;
    if (!options.anonymous) {
      sentToken = options.skipRefresh ? config.tokenStore.get() : await config.refresher.ensureFreshToken();
    }
    let result = await raw(withBearer(request, sentToken), api, options);

    if (result.error?.status === 401 && !options.anonymous && sentToken !== null) {
      // A refresh may have finished (or still be running) while this request was on its way.
      const latest = await config.refresher.settled();
      const tokenChanged = latest !== null && latest !== sentToken;
      if (tokenChanged && method === 'GET') {
        config.logger.info('Retrying a request rejected with a token replaced meanwhile', describe);
        sentToken = latest;
        result = await raw(withBearer(request, latest), api, options);
      }
      // A mutation sent with a replaced token is not retried and does not end a session that is still valid.
      if (result.error?.status === 401 && !(tokenChanged && method !== 'GET')) {
        config.logger.warn('Request answered 401', describe);
        if (!options.skipUnauthorizedHandler && !alreadyEnded(current, sentToken)) {
          // The listener runs synchronously within the dispatch.
          api.dispatch(unauthorizedResponse(describe));
          // Recorded only when the listener ended the session, i.e. the token is no longer the stored one.
          if (config.tokenStore.get() !== sentToken) current.lastRejectedToken = sentToken;
        }
      }
    }

    // 429: the gateway says when to come back. A read waits that long (when it is short) and asks once more.
    if (result.error?.status === 429 && method === 'GET') {
      const waitMs = retryAfterMs(result.meta?.response?.headers.get('Retry-After') ?? null, Date.now());
      if (waitMs !== null && waitMs <= MAX_RETRY_AFTER_MS) {
        config.logger.info('Waiting as the gateway asked (429) before asking again', { ...describe, waitMs });
        await sleep(waitMs, api.signal);
        if (!api.signal.aborted) result = await raw(withBearer(request, sentToken), api, options);
      }
    }

    if (result.error && isServerOrNetworkError(result.error)) {
      config.logger.warn('Gateway request failed', { ...describe, status: result.error.status });
    }
    return result;
  };
}
