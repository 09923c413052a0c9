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
 *   endpoints: (build) => ({
 *     news: build.query<GatewayResponse<'news'>, void>({ query: () => service('contact', 'news') }),
 *   }),
 * });
 * export const { useNewsQuery } = newsApi;
 */
export { gatewayApi } from '../api/gateway-api.ts';

/**
 * The path of a call under a SPEC 7 service prefix of the manifest (`gateway.services`); never type a
 * prefix such as `account/api` in a plugin.
 *
 * @example
 * build.query<GatewayResponse<'bank'>, number>({ query: (id) => service('account', `accounts/${String(id)}/bank`) })
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
