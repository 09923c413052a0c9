/*
 * The portal's calls built from the gateway contract: a route (`contractRoutes.<id>`) gives the method, the
 * address, the types of its path parameters, query and body, and the type of its answer. An endpoint
 * states only what is its own (how its argument maps to the request, its cache tags, its logging); the
 * service prefix still comes from the manifest when the request is sent (`{service}/...`, as `service()`).
 */
import type { EndpointBuilder, FetchArgs, MutationDefinition, QueryDefinition } from '@reduxjs/toolkit/query';
import type {
  ApiBodyInput,
  ApiParams,
  ApiQueryInput,
  ApiResponse,
  PortalRoutes,
} from '../../kernel/contract/api.ts';
import type { RouteCall } from '../../kernel/contract/route-call.ts';
import type { GatewayBaseQuery } from './base-query.ts';

/** A route of the contract the portal may call (the gateway's test and demo tools are not among them). */
export type ContractRouteId = keyof PortalRoutes;

/**
 * The routes the portal may call, one constant each (`contractRoutes.documentPage`), generated from the
 * contract (npm run generate:schema; npm run check fails when it is stale). A call names its route by this
 * constant rather than by an id string: the build writes each one used in place
 * (scripts/vite-contract-routes.ts), so a page's bundle carries only the routes it calls.
 */
export * as contractRoutes from '../../kernel/contract/generated/route-calls.ts';

/** What a route answers; `void` for a route that answers no body (204). */
export type ContractAnswer<K extends ContractRouteId> = [ApiResponse<K>] extends [undefined]
  ? void
  : ApiResponse<K>;

// A query value may be undefined: the base query leaves it out of the query string.
type Loose<T> = { [P in keyof T]: T[P] | undefined };

/** The parts of one request: those the route declares, with the contract's types, and no others. */
export type ContractRequest<K extends ContractRouteId> = ([ApiParams<K>] extends [undefined]
  ? { readonly params?: never }
  : { readonly params: ApiParams<K> }) &
  ([ApiQueryInput<K>] extends [undefined]
    ? { readonly query?: never }
    : Record<string, never> extends ApiQueryInput<K>
      ? { readonly query?: Loose<ApiQueryInput<K>> }
      : { readonly query: Loose<ApiQueryInput<K>> }) &
  ([ApiBodyInput<K>] extends [undefined] ? { readonly body?: never } : { readonly body: ApiBodyInput<K> });

/** The request of a route: its path parameters encoded into the path, its query and its body. */
export function contractRequest<K extends ContractRouteId>(
  { method, url }: RouteCall<K>,
  request: NoInfer<ContractRequest<K>>,
): FetchArgs {
  const params = (request.params ?? {}) as Readonly<Record<string, string | number>>;
  return {
    url: url.replace(/:([A-Za-z]+)/g, (_whole, name: string) => {
      const value = params[name];
      if (value === undefined)
        throw new Error(`The call ${method} ${url} needs the path parameter '${name}'`);
      return encodeURIComponent(String(value));
    }),
    method,
    ...(request.query === undefined ? {} : { params: request.query }),
    ...(request.body === undefined ? {} : { body: request.body }),
  };
}

/**
 * The address of a route with its path parameters (a file to open or download, a form to send), its
 * prefix left to the manifest; the query goes to the download or upload helper.
 */
export function contractPath<K extends ContractRouteId>(
  route: RouteCall<K>,
  { params }: Pick<ContractRequest<K>, 'params'>,
): string {
  return contractRequest(route, (params === undefined ? {} : { params }) as ContractRequest<K>).url;
}

type DistributiveOmit<T, Keys extends PropertyKey> = T extends unknown ? Omit<T, Keys> : never;
// What the builder writes itself: the request, and the answer's reading (the contract types it).
type Built = 'type' | 'query' | 'queryFn' | 'transformResponse' | 'rawResponseSchema';

type Mapping<K extends ContractRouteId, Arg, Answer> = {
  /** The request parts for an argument; a route with no parts needs none (the hook then takes no argument). */
  readonly request?: (arg: Arg) => ContractRequest<K>;
  /** Reads the answer into what the hook gives (the contract's answer when absent). */
  readonly transformResponse?: (answer: ContractAnswer<K>) => Answer;
};

type Kind = 'query' | 'mutation';
type DefinitionOf<Which extends Kind, Arg, Answer, Tags extends string> = Which extends 'query'
  ? QueryDefinition<Arg, GatewayBaseQuery, Tags, Answer, 'gatewayApi'>
  : MutationDefinition<Arg, GatewayBaseQuery, Tags, Answer, 'gatewayApi'>;

// The argument and answer are inferred from `request` and `transformResponse` only (void and the contract's
// answer without them), not from the tags or the logging, which read them.
type Options<Which extends Kind, K extends ContractRouteId, Arg, Answer, Tags extends string> = Mapping<
  K,
  Arg,
  Answer
> &
  DistributiveOmit<DefinitionOf<Which, NoInfer<Arg>, NoInfer<Answer>, Tags>, Built>;

// The type itself, which the type checker does not infer through: the definitions' place in
// `injectEndpoints` (any argument) must not decide the argument of an endpoint.
type Settled<T> = [T] extends [infer Same] ? Same : never;

type Builder<Tags extends string> = EndpointBuilder<GatewayBaseQuery, Tags, 'gatewayApi'>;

/**
 * The endpoints of one contract route, for `injectEndpoints`: a query (to read) or a mutation (to change).
 *
 * @example
 * documentPage: contractEndpoint(contractRoutes.documentPage).query(build, {
 *   request: ({ accountId, ...query }: DocumentPageArgs) => ({ params: { id: accountId }, query }),
 *   providesTags: ['Documents'],
 * }),
 */
export function contractEndpoint<K extends ContractRouteId>(route: RouteCall<K>) {
  // The request and the answer's reading that RTK Query calls, from what the endpoint states.
  const built = (options: object) => {
    const { request, transformResponse, ...rest } = options as Mapping<K, never, unknown>;
    return {
      ...rest,
      query: (arg: never) =>
        contractRequest(route, request === undefined ? ({} as ContractRequest<K>) : request(arg)),
      ...(transformResponse === undefined
        ? {}
        : { transformResponse: (answer: unknown) => transformResponse(answer as ContractAnswer<K>) }),
    };
  };
  const endpoint =
    <Which extends Kind>(which: Which) =>
    <Arg = void, Answer = ContractAnswer<K>, Tags extends string = never>(
      build: Builder<Tags>,
      options: Options<Which, K, Arg, Answer, Tags>,
    ) =>
      build[which](built(options) as never) as DefinitionOf<Which, Settled<Arg>, Settled<Answer>, Tags>;
  return { query: endpoint('query'), mutation: endpoint('mutation') };
}
