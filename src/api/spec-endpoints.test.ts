import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogLevelName } from '../logging/logger.ts';
import { createLogger } from '../logging/logger.ts';
import { InvalidTokenError } from '../session/refresh.ts';
import { tokenExpiringIn } from '../session/token-test-utils.ts';
import { createGatewayClient } from './base-query.ts';
import type { GatewayClient } from './base-query.ts';
import { makeStore } from '../store/store.ts';
import { HttpStatusError, postRefreshToken, specApi } from './spec-endpoints.ts';
import { loadRealManifest } from '../testing/manifest.ts';

const GATEWAY = 'https://gateway.test/';
const TOKEN = tokenExpiringIn(3600, Date.now());

let requests: Request[];
let answer: (request: Request) => Response;
let logs: { level: LogLevelName; message: string }[];
const log = createLogger({ minLevel: 1, sink: (level, message) => logs.push({ level, message }) });

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let gatewayClient: GatewayClient;

function makeReduxStore() {
  return makeStore({ extra: { gateway: gatewayClient } });
}

type AppStore = ReturnType<typeof makeReduxStore>;

function last(): { method: string; path: string; auth: string | null } {
  const request = requests.at(-1);
  if (!request) throw new Error('no request sent');
  const url = new URL(request.url);
  return {
    method: request.method,
    path: `${url.pathname}${url.search}`,
    auth: request.headers.get('Authorization'),
  };
}

beforeEach(() => {
  requests = [];
  logs = [];
  answer = () => json({});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      requests.push(request);
      return answer(request);
    }),
  );
  gatewayClient = createGatewayClient({
    gatewayBaseUrl: GATEWAY,
    dataServiceBaseUrl: 'https://data.test/',
    tokenStore: { get: () => TOKEN },
    refresher: { ensureFreshToken: async () => TOKEN, settled: async () => TOKEN },
    logger: log,
    services: loadRealManifest().gateway.services,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SPEC section 7 paths', () => {
  it.each([
    [
      'getUserInformation',
      (s: AppStore) => s.dispatch(specApi.endpoints.getUserInformation.initiate()),
      'GET',
      '/connect/api/get-user-information',
    ],
    [
      'getContactMe',
      (s: AppStore) => s.dispatch(specApi.endpoints.getContactMe.initiate()),
      'GET',
      '/contact/me',
    ],
    [
      'global permissions',
      (s: AppStore) => s.dispatch(specApi.endpoints.getCurrentUserPermissions.initiate()),
      'GET',
      '/authorization/api/authorization/currentuser',
    ],
    [
      'entity permissions',
      (s: AppStore) => s.dispatch(specApi.endpoints.getCurrentUserPermissions.initiate({ accountId: 7 })),
      'GET',
      '/authorization/api/authorization/currentuser?accountId=7',
    ],
    [
      'getLatestTerms',
      (s: AppStore) => s.dispatch(specApi.endpoints.getLatestTerms.initiate()),
      'GET',
      '/contact/api/terms/latest',
    ],
    [
      'terms content (default fr)',
      (s: AppStore) => s.dispatch(specApi.endpoints.getLatestTermsContent.initiate()),
      'GET',
      '/contact/api/terms/latest/content?language=fr',
    ],
    [
      'terms content (en)',
      (s: AppStore) => s.dispatch(specApi.endpoints.getLatestTermsContent.initiate({ language: 'en' })),
      'GET',
      '/contact/api/terms/latest/content?language=en',
    ],
    [
      'getTermsAcceptance',
      (s: AppStore) => s.dispatch(specApi.endpoints.getTermsAcceptance.initiate()),
      'GET',
      '/contact/api/contacts/currentuser/terms',
    ],
    [
      'acceptTerms',
      (s: AppStore) => s.dispatch(specApi.endpoints.acceptTerms.initiate({ termsId: 4 })),
      'PATCH',
      '/contact/api/contacts/currentuser/terms?termsId=4',
    ],
    [
      'getReportsCount',
      (s: AppStore) => s.dispatch(specApi.endpoints.getReportsCount.initiate({ accountId: 9 })),
      'GET',
      '/reporting/api/reports/currentuser?accountId=9',
    ],
    [
      'getEntitySummary',
      (s: AppStore) => s.dispatch(specApi.endpoints.getEntitySummary.initiate(12)),
      'GET',
      '/connect/api/accounts/12/summary',
    ],
    [
      'entities (page size 2)',
      (s: AppStore) => s.dispatch(specApi.endpoints.getCurrentUserEntities.initiate({ pageSize: 2 })),
      'GET',
      '/account/api/accounts/currentuser?pageSize=2',
    ],
    [
      'entities (search)',
      (s: AppStore) =>
        s.dispatch(
          specApi.endpoints.getCurrentUserEntities.initiate({ pageSize: 20, page: 2, search: 'acme' }),
        ),
      'GET',
      '/account/api/accounts/currentuser?pageSize=20&page=2&search=acme',
    ],
    [
      'logout',
      (s: AppStore) => s.dispatch(specApi.endpoints.logout.initiate({ gigyaUserId: 'g-1' })),
      'POST',
      '/authentication/api/logout',
    ],
  ] as const)('%s', async (_name, initiate, method, path) => {
    await initiate(makeReduxStore());
    expect(last()).toEqual({ method, path, auth: `Bearer ${TOKEN}` });
  });

  it.each([
    [
      'login',
      (s: AppStore) => s.dispatch(specApi.endpoints.login.initiate({ email: 'a@b.c', password: 'p' })),
      '/authentication/api/login',
      { email: 'a@b.c', password: 'p' },
    ],
    [
      'createNewPassword',
      (s: AppStore) =>
        s.dispatch(specApi.endpoints.createNewPassword.initiate({ token: 't', password: 'p' })),
      '/authentication/api/createNewPassword',
      { token: 't', password: 'p' },
    ],
    [
      'resetPassword',
      (s: AppStore) => s.dispatch(specApi.endpoints.resetPassword.initiate({ email: 'a@b.c' })),
      '/authentication/api/resetPassword',
      { email: 'a@b.c' },
    ],
    [
      'tokenExchange',
      (s: AppStore) => s.dispatch(specApi.endpoints.tokenExchange.initiate({ accessToken: 'at' })),
      '/authentication/api/token-exchange',
      { accessToken: 'at' },
    ],
  ] as const)('%s is anonymous and posts its JSON body', async (_name, initiate, path, body) => {
    await initiate(makeReduxStore());
    expect(last()).toEqual({ method: 'POST', path, auth: null });
    expect(await requests.at(-1)?.json()).toEqual(body);
  });

  it('logout posts gigyaUserId', async () => {
    await makeReduxStore().dispatch(specApi.endpoints.logout.initiate({ gigyaUserId: 'g-1' }));
    expect(await requests.at(-1)?.json()).toEqual({ gigyaUserId: 'g-1' });
  });

  it('getUserOrigin reads the JSON string answer', async () => {
    answer = () => json('COLLAB');
    const result = await makeReduxStore().dispatch(specApi.endpoints.getUserOrigin.initiate());
    expect(result.data).toBe('COLLAB');
    expect(last()).toEqual({ method: 'GET', path: '/userorigin', auth: null });
  });
});

describe('failures that are logged and yield no data', () => {
  it.each([
    ['the user context', (s: AppStore) => s.dispatch(specApi.endpoints.getUserInformation.initiate())],
    ['the user context', (s: AppStore) => s.dispatch(specApi.endpoints.getContactMe.initiate())],
    [
      'permissions',
      (s: AppStore) => s.dispatch(specApi.endpoints.getCurrentUserPermissions.initiate({ accountId: 1 })),
    ],
    ['the entity', (s: AppStore) => s.dispatch(specApi.endpoints.getEntitySummary.initiate(1))],
    [
      'entities',
      (s: AppStore) => s.dispatch(specApi.endpoints.getCurrentUserEntities.initiate({ pageSize: 2 })),
    ],
    ['the user origin', (s: AppStore) => s.dispatch(specApi.endpoints.getUserOrigin.initiate())],
  ] as const)('failing to load %s', async (what, initiate) => {
    answer = () => json({ error: 'boom', message: '' }, 500);
    const result = await initiate(makeReduxStore());
    expect(result.data).toBeUndefined();
    expect(logs).toContainEqual({ level: 'error', message: `Failed to load ${what}` });
  });

  it('a failing terms call is not logged as a user-context failure', async () => {
    answer = () => json({}, 500);
    await makeReduxStore().dispatch(specApi.endpoints.getLatestTerms.initiate());
    expect(logs.filter((l) => l.level === 'error')).toEqual([]);
  });
});

describe('postRefreshToken', () => {
  it('posts with the bearer, a JSON content type and no body, and returns the token', async () => {
    answer = () => json({ token: 'new' });
    await expect(
      postRefreshToken('https://gateway.test/', loadRealManifest().gateway.services, 'old'),
    ).resolves.toBe('new');
    const request = requests.at(-1);
    expect(request?.url).toBe('https://gateway.test/authentication/api/refreshToken');
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('Authorization')).toBe('Bearer old');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(await request?.text()).toBe('');
  });

  it('accepts a bare JSON string answer and a base URL without a trailing slash, under the manifest prefix', async () => {
    answer = () => json('new');
    await expect(
      postRefreshToken('https://gateway.test', { authentication: 'auth/v2' }, 'old'),
    ).resolves.toBe('new');
    expect(requests.at(-1)?.url).toBe('https://gateway.test/auth/v2/refreshToken');
  });

  it('rejects with the status on a non-2xx answer', async () => {
    answer = () => json({}, 503);
    await expect(postRefreshToken(GATEWAY, loadRealManifest().gateway.services, 'old')).rejects.toEqual(
      new HttpStatusError(503),
    );
  });

  it('rejects with InvalidTokenError when the answer has no token', async () => {
    answer = () => json({ nope: 1 });
    await expect(
      postRefreshToken(GATEWAY, loadRealManifest().gateway.services, 'old'),
    ).rejects.toBeInstanceOf(InvalidTokenError);
  });
});
