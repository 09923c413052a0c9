import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createLogger } from '../logging/logger.ts';
import { tokenExpiringIn } from '../session/token-test-utils.ts';
import { resetGatewayClient } from './base-query.ts';
import { gatewayApi } from './gateway-api.ts';
import { specApi } from './spec-endpoints.ts';
import type { GatewayClient } from './start-gateway-client.ts';
import { startGatewayClient } from './start-gateway-client.ts';

let client: GatewayClient | undefined;

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  client?.tokenStore.dispose();
  resetGatewayClient();
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
  });
  client.tokenStore.set(tokenExpiringIn(4 * 60, Date.now()));
  expect(sessionStorage.getItem('token')).not.toBeNull();

  const store = configureStore({
    reducer: { [gatewayApi.reducerPath]: gatewayApi.reducer },
    middleware: (getDefault) => getDefault().concat(gatewayApi.middleware),
  });
  await store.dispatch(specApi.endpoints.getCurrentUserPermissions.initiate());

  expect(urls).toEqual([
    'POST https://gateway.test/authentication/api/refreshToken',
    'GET https://gateway.test/authorization/api/authorization/currentuser',
  ]);
  expect(sessionStorage.getItem('token')).toBe(fresh);
});
