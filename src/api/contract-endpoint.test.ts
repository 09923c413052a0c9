import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createLogger } from '../logging/logger.ts';
import { makeStore } from '../store/store.ts';
import { tokenExpiringIn } from '../session/token-test-utils.ts';
import { loadRealManifest } from '../testing/manifest.ts';
import { createGatewayClient } from './base-query.ts';
import { contractEndpoint, contractPath, contractRequest, contractRoutes } from './contract-endpoint.ts';
import type { ContractRouteId } from './contract-endpoint.ts';
import { gatewayApi } from './gateway-api.ts';
import { resolveServicePath, UNPREFIXED_CALLS } from './service-path.ts';

const TOKEN = tokenExpiringIn(3600, Date.now());
// Prefixes unlike the reference gateway's: a call must take the manifest's, never the contract's.
const services = {
  ...loadRealManifest().gateway.services,
  account: 'people-v2/account',
  wallet: 'wallet-api',
  accountingIntegration: 'gl/integration',
};

let requests: Request[];

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      requests.push(request);
      return new Response(JSON.stringify({ userId: 4, isAdmin: true }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function makeReduxStore() {
  const gateway = createGatewayClient({
    gatewayBaseUrl: 'https://gateway.test/',
    dataServiceBaseUrl: 'https://data.test/',
    tokenStore: { get: () => TOKEN },
    refresher: { ensureFreshToken: async () => TOKEN, settled: async () => TOKEN },
    logger: createLogger({ minLevel: 5, sink: () => undefined }),
    services,
  });
  return makeStore({ extra: { gateway } });
}

const resolved = (request: { url: string }) => resolveServicePath(request.url, services);

describe('contractRequest', () => {
  it('takes the method and path of the route id, under the prefix the manifest gives its service', () => {
    const request = contractRequest(contractRoutes.removeEntityUser, { params: { id: 12, userId: 5 } });
    expect(request.method).toBe('DELETE');
    expect(resolved(request)).toBe('people-v2/account/accounts/12/users/5');
    // A service named in two words in the manifest (accounting-integration in the gateway's path).
    expect(resolved(contractRequest(contractRoutes.documents, { params: { id: 3 } }))).toBe(
      'gl/integration/accounts/3/documents',
    );
  });

  it('encodes each path parameter into its own segment', () => {
    // The contract's path parameters are numbers today; a value from elsewhere must not change the path.
    const id = '7/../../admin?x=1' as unknown as number;
    expect(resolved(contractRequest(contractRoutes.bank, { params: { id } }))).toBe(
      'people-v2/account/accounts/7%2F..%2F..%2Fadmin%3Fx%3D1/bank',
    );
  });

  it('passes the query and the body as they are, and leaves out the parts a call does not have', () => {
    expect(contractRequest(contractRoutes.walletFolders, { query: { q: 'acme', pageSize: 5 } })).toEqual({
      url: '{wallet}/portfolio/folders',
      method: 'GET',
      params: { q: 'acme', pageSize: 5 },
    });
    expect(
      contractRequest(contractRoutes.setFavorite, { params: { accountId: 9 }, body: { favorite: true } }),
    ).toEqual({
      url: '{wallet}/portfolio/favorites/9',
      method: 'PUT',
      body: { favorite: true },
    });
  });

  it('keeps the two calls outside every service prefix as they are (UNPREFIXED_CALLS)', () => {
    expect(contractRequest(contractRoutes.contactMe, {})).toEqual({ url: 'contact/me', method: 'GET' });
    expect(contractRequest(contractRoutes.userOrigin, {})).toEqual({ url: 'userorigin', method: 'GET' });
  });

  it('gives the address of a file or form route for the download and upload helpers', () => {
    expect(
      resolveServicePath(contractPath(contractRoutes.documentFile, { params: { id: 31 } }), services),
    ).toBe('people-v2/account/documents/31/file');
    expect(contractPath(contractRoutes.depositReportFile, {})).toBe('{reporting}/reports/files');
  });

  it('has every route the portal may call, each under a service the manifest names or outside them all', () => {
    expectTypeOf<keyof typeof contractRoutes>().toEqualTypeOf<ContractRouteId>();
    for (const { url } of Object.values(contractRoutes)) {
      const service = /^\{(\w+)\}\//.exec(url)?.[1];
      // `health` is the load balancers' probe, outside the prefixes too; the portal does not call it.
      if (service === undefined) expect([...Object.values(UNPREFIXED_CALLS), 'health']).toContain(url);
      else expect(Object.keys(services)).toContain(service);
    }
  });

  it('types the route ids, parameters and bodies from the contract', () => {
    // No such route in the contract; a test tool of the gateway, which the portal never calls.
    expectTypeOf<'bankStatement'>().not.toExtend<ContractRouteId>();
    expectTypeOf<'adminReset'>().not.toExtend<ContractRouteId>();
    expect(Object.keys(contractRoutes)).not.toContain('adminReset');
    // @ts-expect-error: the route needs its path parameter
    expect(() => contractRequest(contractRoutes.bank, {})).toThrow(/'id'/);
    // @ts-expect-error: the body of this route has no such field
    contractRequest(contractRoutes.setFavorite, { params: { accountId: 9 }, body: { favourite: true } });
  });
});

describe('contractEndpoint', () => {
  const api = gatewayApi.injectEndpoints({
    endpoints: (build) => ({
      contractTestAdmin: contractEndpoint(contractRoutes.setCollaboratorAdmin).mutation(build, {
        request: ({ userId, isAdmin }: { userId: number; isAdmin: boolean }) => ({
          params: { userId },
          body: { isAdmin },
        }),
      }),
      contractTestFolders: contractEndpoint(contractRoutes.walletFolders).query(build, {
        request: (q: string) => ({ query: { q, pageSize: 5 } }),
        transformResponse: (answer) => answer.items.length,
      }),
    }),
  });

  it('sends a mutation with the route’s method, path under the manifest prefix, and JSON body', async () => {
    await makeReduxStore().dispatch(api.endpoints.contractTestAdmin.initiate({ userId: 4, isAdmin: true }));
    const request = requests.at(-1);
    expect(request?.method).toBe('PUT');
    expect(request?.url).toBe('https://gateway.test/wallet-api/collaborators/4/admin');
    expect(await request?.json()).toEqual({ isAdmin: true });
  });

  it('sends a query with its query string, and reads the answer with the endpoint’s own reading', async () => {
    requests = [];
    const answerWithItems = () =>
      new Response(JSON.stringify({ items: [{}, {}], page: 1 }), {
        headers: { 'Content-Type': 'application/json' },
      });
    vi.mocked(fetch).mockImplementationOnce(async (input, init) => {
      requests.push(input instanceof Request ? input : new Request(input, init));
      return answerWithItems();
    });
    const result = await makeReduxStore().dispatch(api.endpoints.contractTestFolders.initiate('acme & co'));
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url).toBe(
      'https://gateway.test/wallet-api/portfolio/folders?q=acme+%26+co&pageSize=5',
    );
    expect(result.data).toBe(2);
  });
});
