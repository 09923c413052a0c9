import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createLogger } from '../logging/logger.ts';
import { tokenExpiringIn } from '../session/token-test-utils.ts';
import { gatewayApi } from './gateway-api.ts';
import { specApi } from './spec-endpoints.ts';
import type { StartedGatewayClient } from './start-gateway-client.ts';
import { makeStore } from '../store/store.ts';
import { startGatewayClient } from './start-gateway-client.ts';
import { service } from './service-path.ts';
import manifest from '../../portal.config.json' with { type: 'json' };

let client: StartedGatewayClient | undefined;

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  client?.tokenStore.dispose();
  vi.unstubAllGlobals();
});

it('wires the manifest session settings: storage kind, key and refresh buffer', async () => {
  const urls: string[] = [];
  const fresh = tokenExpiringIn(3600, Date.now());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      urls.push(`${request.method} ${request.url}`);
      const body = request.url.endsWith('refreshToken')
        ? { token: fresh }
        : { accountId: null, permissions: [] };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  client = startGatewayClient({
    gatewayBaseUrl: 'https://gateway.test/',
    dataServiceBaseUrl: 'https://data.test/',
    session: { storage: 'session', tokenKey: 'token', refreshBufferMinutes: 5 },
    logger: createLogger({ sink: () => {} }),
    services: manifest.gateway.services,
  });
  client.tokenStore.set(tokenExpiringIn(4 * 60, Date.now()));
  expect(sessionStorage.getItem('token')).not.toBeNull();

  const store = makeStore({ extra: { gateway: client.gateway } });
  await store.dispatch(specApi.endpoints.getCurrentUserPermissions.initiate());

  expect(urls).toEqual([
    'POST https://gateway.test/authentication/api/refreshToken',
    'GET https://gateway.test/authorization/api/authorization/currentuser',
  ]);
  expect(sessionStorage.getItem('token')).toBe(fresh);
});

it('sends a call built with service() to the prefix the manifest names, so renaming a prefix moves the call', async () => {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      urls.push(request.url);
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  const renamed = { ...manifest.gateway.services, account: 'comptes/v2' };
  client = startGatewayClient({
    gatewayBaseUrl: 'https://gateway.test/',
    dataServiceBaseUrl: 'https://data.test/',
    session: { storage: 'session', tokenKey: 'token', refreshBufferMinutes: 5 },
    logger: createLogger({ sink: () => {} }),
    services: renamed,
  });
  client.tokenStore.set(tokenExpiringIn(3600, Date.now()));
  const probeApi = gatewayApi.injectEndpoints({
    endpoints: (build) => ({
      serviceProbe: build.query<unknown, number>({
        query: (id) => service('account', `accounts/${String(id)}/bank`),
      }),
    }),
  });
  const store = makeStore({ extra: { gateway: client.gateway } });
  await store.dispatch(probeApi.endpoints.serviceProbe.initiate(1001));
  expect(urls).toEqual(['https://gateway.test/comptes/v2/accounts/1001/bank']);
});
