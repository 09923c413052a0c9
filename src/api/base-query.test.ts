import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogLevelName } from '../logging/logger.ts';
import { createLogger } from '../logging/logger.ts';
import type { TokenRefresher } from '../session/refresh.ts';
import { InvalidTokenError, createTokenRefresher } from '../session/refresh.ts';
import type { TokenStore } from '../session/token-storage.ts';
import { createTokenStore } from '../session/token-storage.ts';
import { tokenExpiringIn } from '../session/token-test-utils.ts';
import {
  createGatewayBaseQuery,
  createGatewayClient,
  retryAfterMs,
  unauthorizedResponse,
} from './base-query.ts';
import type { GatewayClient } from './base-query.ts';
import { makeStore } from '../store/store.ts';
import { gatewayApi } from './gateway-api.ts';
import { postRefreshToken, sessionApi } from './session-endpoints.ts';
import { loadRealManifest } from '../testing/manifest.ts';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);
const GATEWAY = 'https://gateway.test/';
const DATA = 'https://data.test/api/';
const REFRESH_URL = `${GATEWAY}authentication/api/refreshToken`;

type Seen = {
  method: string;
  url: string;
  authorization: string | null;
  contentType: string | null;
  body: string;
};
type Handler = (request: Request, seen: Seen) => Response | Promise<Response>;

const testApi = gatewayApi.injectEndpoints({
  endpoints: (build) => ({
    dataThings: build.query<unknown, void>({ query: () => 'things', extraOptions: { service: 'data' } }),
  }),
});

let tokenStore: TokenStore;
let gatewayClient: GatewayClient | undefined;
type UnauthorizedHandler = (context: { endpoint: string; url: string; method: string }) => void;
// The app's one listener of the 401 action stands in for SPEC 4's "registered handler"; the last wins.
let unauthorizedHandlers: UnauthorizedHandler[];
function registerUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandlers.push(handler);
  return () => {
    unauthorizedHandlers = unauthorizedHandlers.filter((h) => h !== handler);
  };
}
let refresher: TokenRefresher;
let seen: Seen[];
let logs: { level: LogLevelName; message: string }[];
let routes: Map<string, Handler>;
const log = createLogger({ minLevel: 1, sink: (level, message) => logs.push({ level, message }) });

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function route(method: string, url: string, handler: Handler): void {
  routes.set(`${method} ${url}`, handler);
}

function makeReduxStore() {
  const store = makeStore(gatewayClient === undefined ? {} : { extra: { gateway: gatewayClient } });
  store.startListening({
    actionCreator: unauthorizedResponse,
    effect: (context) => {
      unauthorizedHandlers.at(-1)?.(context);
    },
  });
  return store;
}

function requestsTo(url: string): Seen[] {
  return seen.filter((s) => s.url.split('?')[0] === url);
}

const FRESH = tokenExpiringIn(3600, NOW, { n: 'fresh' });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  seen = [];
  logs = [];
  routes = new Map();
  unauthorizedHandlers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const entry: Seen = {
        method: request.method,
        url: request.url,
        authorization: request.headers.get('Authorization'),
        contentType: request.headers.get('Content-Type'),
        body: await request.clone().text(),
      };
      seen.push(entry);
      const handler = routes.get(`${request.method} ${request.url.split('?')[0]}`);
      return handler ? handler(request, entry) : json({ error: 'not_found', message: 'no route' }, 404);
    }),
  );
  route('POST', REFRESH_URL, () => json({ token: FRESH }));
  tokenStore = createTokenStore({ kind: 'memory', key: 'token', logger: log });
  refresher = createTokenRefresher({
    store: tokenStore,
    refresh: (token) => postRefreshToken(GATEWAY, loadRealManifest().gateway.services, token),
    bufferMs: 5 * 60_000,
    logger: log,
  });
  gatewayClient = createGatewayClient({
    gatewayBaseUrl: GATEWAY,
    dataServiceBaseUrl: DATA,
    tokenStore,
    refresher,
    logger: log,
    services: loadRealManifest().gateway.services,
  });
});

afterEach(() => {
  gatewayClient = undefined;
  tokenStore.dispose();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const contact = {
  firstName: 'A',
  lastName: 'B',
  id: 1,
  email: 'a@b.c',
  officeMobile: '',
  isCustomer: true,
  oldId: 0,
  persona: 'Client',
  gigyaUserId: '',
  occupation: '',
  entities: [],
};

describe('clients', () => {
  it('the gateway client sends the bearer and a JSON content type to the gateway base URL', async () => {
    const token = tokenExpiringIn(3600, NOW);
    tokenStore.set(token);
    route('GET', `${GATEWAY}contact/me`, () => json(contact));
    const result = await makeReduxStore().dispatch(sessionApi.endpoints.getContactMe.initiate());
    expect(result.data).toEqual(contact);
    expect(seen).toEqual([
      {
        method: 'GET',
        url: `${GATEWAY}contact/me`,
        authorization: `Bearer ${token}`,
        contentType: 'application/json',
        body: '',
      },
    ]);
  });

  it('the data-service client sends the same headers to the data-service base URL', async () => {
    const token = tokenExpiringIn(3600, NOW);
    tokenStore.set(token);
    route('GET', `${DATA}things`, () => json([1]));
    const result = await makeReduxStore().dispatch(testApi.endpoints.dataThings.initiate());
    expect(result.data).toEqual([1]);
    expect(seen).toEqual([
      {
        method: 'GET',
        url: `${DATA}things`,
        authorization: `Bearer ${token}`,
        contentType: 'application/json',
        body: '',
      },
    ]);
  });

  it('sends no Authorization header without a token', async () => {
    route('GET', `${GATEWAY}contact/me`, () => json(contact));
    await makeReduxStore().dispatch(sessionApi.endpoints.getContactMe.initiate());
    expect(seen[0]?.authorization).toBeNull();
    expect(seen[0]?.contentType).toBe('application/json');
  });

  it('answers a clear error when the store has no gateway client', async () => {
    gatewayClient = undefined;
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await makeReduxStore().dispatch(sessionApi.endpoints.getContactMe.initiate());
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR' });
    expect(seen).toEqual([]);
    expect(consoleError).toHaveBeenCalledWith('Failed to load the user context', { status: 'CUSTOM_ERROR' });
    consoleError.mockRestore();
  });
});

describe('refresh before a request', () => {
  it('refreshes first when the token expires within the buffer, then sends the new token', async () => {
    const old = tokenExpiringIn(4 * 60, NOW);
    tokenStore.set(old);
    route('GET', `${GATEWAY}contact/me`, () => json(contact));
    await makeReduxStore().dispatch(sessionApi.endpoints.getContactMe.initiate());
    expect(seen.map((s) => [s.method, s.url, s.authorization, s.body])).toEqual([
      ['POST', REFRESH_URL, `Bearer ${old}`, ''],
      ['GET', `${GATEWAY}contact/me`, `Bearer ${FRESH}`, ''],
    ]);
    expect(tokenStore.get()).toBe(FRESH);
  });

  it('does not refresh a token that expires after the buffer', async () => {
    tokenStore.set(tokenExpiringIn(5 * 60 + 1, NOW));
    route('GET', `${GATEWAY}contact/me`, () => json(contact));
    await makeReduxStore().dispatch(sessionApi.endpoints.getContactMe.initiate());
    expect(requestsTo(REFRESH_URL)).toHaveLength(0);
  });

  it('single flight: 20 parallel requests cause exactly one refresh call and all carry the new token', async () => {
    tokenStore.set(tokenExpiringIn(60, NOW));
    for (let id = 1; id <= 20; id += 1) {
      route('GET', `${GATEWAY}connect/api/accounts/${id}/summary`, () =>
        json({
          accountId: id,
          accountNumber: String(id),
          name: 'E',
          subscriptions: [],
          isClarityVisible: false,
          isSignatory: false,
        }),
      );
    }
    const store = makeReduxStore();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.dispatch(sessionApi.endpoints.getEntitySummary.initiate(i + 1)),
      ),
    );
    expect(results.every((r) => r.data !== undefined)).toBe(true);
    expect(requestsTo(REFRESH_URL)).toHaveLength(1);
    const summaries = seen.filter((s) => s.url.includes('/summary'));
    expect(summaries).toHaveLength(20);
    expect(summaries.every((s) => s.authorization === `Bearer ${FRESH}`)).toBe(true);
  });

  it.each([
    ['a 503', () => json({ error: 'unavailable', message: '' }, 503)],
    [
      'a network error',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])(
    'a refresh failing with %s keeps the current token and the request still goes out',
    async (_name, failure) => {
      const old = tokenExpiringIn(60, NOW);
      tokenStore.set(old);
      route('POST', REFRESH_URL, failure);
      route('GET', `${GATEWAY}contact/me`, () => json(contact));
      const result = await makeReduxStore().dispatch(sessionApi.endpoints.getContactMe.initiate());
      expect(result.data).toEqual(contact);
      expect(tokenStore.get()).toBe(old);
      expect(requestsTo(`${GATEWAY}contact/me`)[0]?.authorization).toBe(`Bearer ${old}`);
      expect(logs).toContainEqual({
        level: 'error',
        message: 'Token refresh failed, keeping the current token',
      });
    },
  );

  it('an invalid refresh answer raises InvalidTokenError and keeps the current token', async () => {
    const old = tokenExpiringIn(60, NOW);
    tokenStore.set(old);
    route('POST', REFRESH_URL, () => json({ token: 'not.a-token' }));
    route('GET', `${GATEWAY}contact/me`, () => json(contact));
    await makeReduxStore().dispatch(sessionApi.endpoints.getContactMe.initiate());
    expect(refresher.lastError()).toBeInstanceOf(InvalidTokenError);
    expect(tokenStore.get()).toBe(old);
    expect(requestsTo(`${GATEWAY}contact/me`)[0]?.authorization).toBe(`Bearer ${old}`);
  });

  it('skipRefresh (the logout call) sends the stored token without refreshing first', async () => {
    const old = tokenExpiringIn(60, NOW);
    tokenStore.set(old);
    const logoutUrl = `${GATEWAY}authentication/api/logout`;
    route('POST', logoutUrl, () => new Response(null, { status: 204 }));
    await makeReduxStore().dispatch(sessionApi.endpoints.logout.initiate({ gigyaUserId: 'g' }));
    expect(seen.map((s) => [s.method, s.url, s.authorization])).toEqual([
      ['POST', logoutUrl, `Bearer ${old}`],
    ]);
  });
});

/**
 * The contact call, rejected with the old token while a refresh ran, succeeds on its one retry with the
 * fresh token, and the unauthorized handler (which signs the person out) is never called.
 */
async function expectContactRetriedWithFreshToken(old: string): Promise<void> {
  const handler = vi.fn();
  registerUnauthorizedHandler(handler);
  const result = await makeReduxStore().dispatch(sessionApi.endpoints.getContactMe.initiate());
  expect(result.data).toEqual(contact);
  expect(requestsTo(`${GATEWAY}contact/me`).map((s) => s.authorization)).toEqual([
    `Bearer ${old}`,
    `Bearer ${FRESH}`,
  ]);
  expect(handler).not.toHaveBeenCalled();
}

describe('401', () => {
  it('invokes the registered handler once, yields no data, and stops after unregistering', async () => {
    const token = tokenExpiringIn(3600, NOW);
    tokenStore.set(token);
    route('GET', `${GATEWAY}contact/me`, () => json({ error: 'unauthorized', message: '' }, 401));
    const handler = vi.fn();
    const unregister = registerUnauthorizedHandler(handler);
    const store = makeReduxStore();
    const result = await store.dispatch(sessionApi.endpoints.getContactMe.initiate());
    expect(result.data).toBeUndefined();
    expect(result.error).toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledExactlyOnceWith({
      endpoint: 'getContactMe',
      method: 'GET',
      url: 'contact/me',
    });
    expect(requestsTo(`${GATEWAY}contact/me`)).toHaveLength(1);

    unregister();
    tokenStore.set(tokenExpiringIn(3000, NOW));
    await store.dispatch(sessionApi.endpoints.getContactMe.initiate(undefined, { forceRefetch: true }));
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('20 parallel requests rejected with the same token end the session once', async () => {
    tokenStore.set(tokenExpiringIn(3600, NOW));
    for (let id = 1; id <= 20; id += 1)
      route('GET', `${GATEWAY}connect/api/accounts/${id}/summary`, () => json({}, 401));
    // Like the app's handler: the session ends, so the token is cleared.
    const handler = vi.fn(() => {
      tokenStore.clear();
    });
    registerUnauthorizedHandler(handler);
    const store = makeReduxStore();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.dispatch(sessionApi.endpoints.getEntitySummary.initiate(i + 1)),
      ),
    );
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('a 401 the handler ignored (no session ended yet, e.g. during sign-in) does not mute later 401s with that token', async () => {
    tokenStore.set(tokenExpiringIn(3600, NOW));
    route('GET', `${GATEWAY}contact/me`, () => json({}, 401));
    // Ignores the first call (the token stays stored), ends the session on the second.
    const handler = vi.fn();
    registerUnauthorizedHandler(handler);
    const store = makeReduxStore();
    await store.dispatch(sessionApi.endpoints.getContactMe.initiate());
    await store.dispatch(sessionApi.endpoints.getContactMe.initiate(undefined, { forceRefetch: true }));
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('a token stored again after its rejection ended a session reaches the handler again', async () => {
    const token = tokenExpiringIn(3600, NOW);
    tokenStore.set(token);
    route('GET', `${GATEWAY}contact/me`, () => json({}, 401));
    const handler = vi.fn(() => {
      tokenStore.clear();
    });
    registerUnauthorizedHandler(handler);
    const store = makeReduxStore();
    await store.dispatch(sessionApi.endpoints.getContactMe.initiate());
    tokenStore.set(token);
    await store.dispatch(sessionApi.endpoints.getContactMe.initiate(undefined, { forceRefetch: true }));
    expect(handler).toHaveBeenCalledTimes(2);
    expect(tokenStore.get()).toBeNull();
  });

  it('a GET sent before a refresh and rejected after it is retried once with the new token, without a second refresh', async () => {
    const old = tokenExpiringIn(3600, NOW);
    tokenStore.set(old);
    route('POST', REFRESH_URL, () => json({ token: FRESH }));
    route('GET', `${GATEWAY}contact/me`, async (_request, entry) => {
      if (entry.authorization === `Bearer ${old}`) {
        // Another part of the app refreshes while this request is in flight; the server then rejects the old token.
        await refresher.refreshNow();
        return json({}, 401);
      }
      return json(contact);
    });
    await expectContactRetriedWithFreshToken(old);
    expect(requestsTo(REFRESH_URL)).toHaveLength(1);
  });

  it('a GET rejected while a refresh is still running waits for it, then retries once with the new token', async () => {
    const old = tokenExpiringIn(3600, NOW);
    tokenStore.set(old);
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    route('POST', REFRESH_URL, async () => {
      await refreshGate;
      return json({ token: FRESH });
    });
    route('GET', `${GATEWAY}contact/me`, (_request, entry) => {
      if (entry.authorization !== `Bearer ${old}`) return json(contact);
      void refresher.refreshNow();
      setTimeout(releaseRefresh, 10);
      return json({}, 401);
    });
    await expectContactRetriedWithFreshToken(old);
  });

  it('a GET retried with the new token and rejected again invokes the handler, with no third attempt', async () => {
    const old = tokenExpiringIn(3600, NOW);
    tokenStore.set(old);
    route('GET', `${GATEWAY}contact/me`, async (_request, entry) => {
      if (entry.authorization === `Bearer ${old}`) await refresher.refreshNow();
      return json({}, 401);
    });
    const handler = vi.fn();
    registerUnauthorizedHandler(handler);
    await makeReduxStore().dispatch(sessionApi.endpoints.getContactMe.initiate());
    expect(requestsTo(`${GATEWAY}contact/me`)).toHaveLength(2);
    expect(requestsTo(REFRESH_URL)).toHaveLength(1);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('a mutation rejected after a refresh is never retried and does not end the still valid session', async () => {
    const old = tokenExpiringIn(3600, NOW);
    tokenStore.set(old);
    route('PATCH', `${GATEWAY}contact/api/contacts/currentuser/terms`, async () => {
      await refresher.refreshNow();
      return json({}, 401);
    });
    const handler = vi.fn();
    registerUnauthorizedHandler(handler);
    const result = await makeReduxStore().dispatch(sessionApi.endpoints.acceptTerms.initiate({ termsId: 3 }));
    expect(result.error).toMatchObject({ status: 401 });
    expect(requestsTo(`${GATEWAY}contact/api/contacts/currentuser/terms`)).toHaveLength(1);
    expect(handler).not.toHaveBeenCalled();
    expect(tokenStore.get()).toBe(FRESH);
  });

  it('a mutation rejected with the current token is not retried and invokes the handler', async () => {
    tokenStore.set(tokenExpiringIn(3600, NOW));
    route('PATCH', `${GATEWAY}contact/api/contacts/currentuser/terms`, () => json({}, 401));
    const handler = vi.fn();
    registerUnauthorizedHandler(handler);
    await makeReduxStore().dispatch(sessionApi.endpoints.acceptTerms.initiate({ termsId: 3 }));
    expect(requestsTo(`${GATEWAY}contact/api/contacts/currentuser/terms`)).toHaveLength(1);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('a wrong password at login (anonymous) is an ordinary error: no bearer, no refresh, no handler', async () => {
    tokenStore.set(tokenExpiringIn(60, NOW));
    route('POST', `${GATEWAY}authentication/api/login`, () =>
      json({ error: 'invalid_credentials', message: '' }, 401),
    );
    const handler = vi.fn();
    registerUnauthorizedHandler(handler);
    const result = await makeReduxStore().dispatch(
      sessionApi.endpoints.login.initiate({ email: 'a@b.c', password: 'wrong' }),
    );
    expect(result.error).toMatchObject({ status: 401 });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.authorization).toBeNull();
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ email: 'a@b.c', password: 'wrong' });
    expect(handler).not.toHaveBeenCalled();
  });

  it('logout answered 401 (token already revoked) does not end the session through the handler', async () => {
    tokenStore.set(tokenExpiringIn(3600, NOW));
    route('POST', `${GATEWAY}authentication/api/logout`, () => json({}, 401));
    const handler = vi.fn();
    registerUnauthorizedHandler(handler);
    await makeReduxStore().dispatch(sessionApi.endpoints.logout.initiate({ gigyaUserId: 'g' }));
    expect(handler).not.toHaveBeenCalled();
  });

  it('a handler that throws is logged, never thrown', async () => {
    tokenStore.set(tokenExpiringIn(3600, NOW));
    route('GET', `${GATEWAY}contact/me`, () => json({}, 401));
    registerUnauthorizedHandler(() => {
      throw new Error('handler bug');
    });
    const result = await makeReduxStore().dispatch(sessionApi.endpoints.getContactMe.initiate());
    expect(result.error).toMatchObject({ status: 401 });
    expect(logs).toContainEqual({ level: 'error', message: 'A store listener failed' });
  });
});

describe('network errors and 5xx', () => {
  it('a 5xx comes back as an RTK error and is logged at warn', async () => {
    tokenStore.set(tokenExpiringIn(3600, NOW));
    route('GET', `${GATEWAY}contact/api/terms/latest`, () => json({ error: 'boom', message: '' }, 502));
    const result = await makeReduxStore().dispatch(sessionApi.endpoints.getLatestTerms.initiate());
    expect(result.error).toMatchObject({ status: 502 });
    expect(logs).toContainEqual({ level: 'warn', message: 'Gateway request failed' });
  });

  it('a network error comes back as FETCH_ERROR and is logged at warn', async () => {
    tokenStore.set(tokenExpiringIn(3600, NOW));
    route('GET', `${GATEWAY}contact/api/terms/latest`, () => {
      throw new TypeError('Failed to fetch');
    });
    const result = await makeReduxStore().dispatch(sessionApi.endpoints.getLatestTerms.initiate());
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(logs).toContainEqual({ level: 'warn', message: 'Gateway request failed' });
  });
});

describe('429 Too Many Requests', () => {
  const TERMS = `${GATEWAY}contact/api/terms/latest`;
  const tooMany = (retryAfter: string) =>
    new Response(JSON.stringify({ error: 'too_many_requests' }), {
      status: 429,
      headers: { 'Content-Type': 'application/json', 'Retry-After': retryAfter },
    });

  it('a read waits as long as Retry-After says, then asks once more', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(NOW);
    tokenStore.set(tokenExpiringIn(3600, NOW));
    let calls = 0;
    route('GET', TERMS, () => {
      calls += 1;
      return calls === 1 ? tooMany('2') : json({ isCurrent: true, terms: { termsId: 1 } });
    });
    const pending = makeReduxStore().dispatch(sessionApi.endpoints.getLatestTerms.initiate());
    await vi.advanceTimersByTimeAsync(1_999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(calls).toBe(2);
    expect(result.data).toEqual({ isCurrent: true, terms: { termsId: 1 } });
  });

  it('a wait longer than 10 s, a second 429 or a write comes back as the 429 error, never a loop', async () => {
    tokenStore.set(tokenExpiringIn(3600, NOW));
    let calls = 0;
    route('GET', TERMS, () => {
      calls += 1;
      return tooMany('3600');
    });
    const result = await makeReduxStore().dispatch(sessionApi.endpoints.getLatestTerms.initiate());
    expect(result.error).toMatchObject({ status: 429 });
    expect(calls).toBe(1);
  });

  it('reads Retry-After in seconds or as a date, and ignores nonsense', () => {
    expect(retryAfterMs('3', NOW)).toBe(3000);
    expect(retryAfterMs(new Date(NOW + 5000).toUTCString(), NOW)).toBe(5000);
    expect(retryAfterMs(new Date(NOW - 5000).toUTCString(), NOW)).toBe(0);
    expect(retryAfterMs('soon', NOW)).toBeNull();
    expect(retryAfterMs(null, NOW)).toBeNull();
    expect(retryAfterMs('', NOW)).toBeNull();
  });
});

describe('createGatewayBaseQuery', () => {
  it('takes its client from the store extra and says so when there is none', async () => {
    const query = createGatewayBaseQuery();
    const result = await query(
      'x',
      {
        endpoint: 'x',
        type: 'query',
        signal: new AbortController().signal,
        abort: () => {},
        dispatch: () => undefined,
        getState: () => ({}),
        extra: undefined,
      },
      {},
    );
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR' });
  });
});
