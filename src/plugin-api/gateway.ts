/*
 * The gateway for plugins: the one RTK Query api slice to inject endpoints into, and the reference
 * gateway contract's answer types, so a plugin's calls are typed from the same source as the server.
 */
import type { ApiBody, ApiQuery, ApiResponse, RouteId } from '../../kernel/contract/api.ts';

/**
 * The portal's one RTK Query api slice. A plugin adds its calls with `injectEndpoints`; requests carry
 * the bearer token and refresh it when needed, like every other call.
 *
 * @example
 * const newsApi = gatewayApi.injectEndpoints({
 *   endpoints: (build) => ({ news: contractEndpoint(contractRoutes.news).query(build, {}) }),
 * });
 * export const { useNewsQuery } = newsApi;
 */
export { gatewayApi } from '../api/gateway-api.ts';

/**
 * An endpoint built from a route of the gateway contract: its method, path, parameter, query, body and
 * answer types come from the route (`contractRoutes.<id>`, generated from the contract); the endpoint states how its argument maps to them, and its tags.
 * `contractPath` is the address of a route for the download and upload helpers.
 *
 * @example
 * bank: contractEndpoint(contractRoutes.bank).query(build, {
 *   request: (accountId: number) => ({ params: { id: accountId } }),
 *   providesTags: ['Bank'],
 * }),
 */
export { contractEndpoint, contractPath, contractRequest, contractRoutes } from '../api/contract-endpoint.ts';
export type { ContractAnswer, ContractRouteId } from '../api/contract-endpoint.ts';

/**
 * The path of a call under a SPEC 7 service prefix of the manifest (`gateway.services`), for a call the
 * reference contract does not hold (a firm's own service); a route of the contract is `contractRoutes.<id>`.
 * Never type a prefix such as `account/api` in a plugin.
 *
 * @example
 * const url = service('account', 'accounts/currentuser');
 */
export { service } from '../api/service-path.ts';
export type { ServiceName } from '../api/service-path.ts';

/**
 * The answer type of a call of the reference gateway contract, by route id.
 *
 * @example
 * type Slots = GatewayResponse<'slots'>; // { items: Slot[]; ... }
 */
export type GatewayResponse<K extends RouteId> = ApiResponse<K>;

/**
 * The body type of a call of the reference gateway contract, by route id.
 *
 * @example
 * const body: GatewayBody<'createBooking'> = { slotId: 3 };
 */
export type GatewayBody<K extends RouteId> = ApiBody<K>;

/**
 * The query-string type of a call of the reference gateway contract, by route id.
 *
 * @example
 * const query: GatewayQuery<'documents'> = { kind: 'accounting' };
 */
export type GatewayQuery<K extends RouteId> = ApiQuery<K>;
