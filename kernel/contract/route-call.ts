// What the portal needs of a route to call it, generated per route (kernel/contract/generated/route-calls.ts).
declare const routeId: unique symbol;

/**
 * One route the portal calls: its method and its address, written `{service}/rest` with `:params` (the
 * service's prefix is the manifest's, read when the request is sent). The route's id is for the type
 * checker only (it gives the parameters, query, body and answer): the build writes each route used as its
 * method and address alone (scripts/vite-contract-routes.ts).
 */
export type RouteCall<K extends string> = {
  readonly method: string;
  readonly url: string;
  readonly [routeId]?: K;
};
