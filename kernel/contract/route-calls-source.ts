// The source of kernel/contract/generated/route-calls.json (npm run generate:schema writes it): each route's
// method and path without its schemas and summaries, so the portal builds its calls from the contract
// without shipping the contract to the browser. The admin routes (test and demo tools) are left out: the
// portal never calls them (src/api/contract-endpoint.ts holds the file to PortalRoutes' ids).
import { routes } from './api.ts';
import type { RouteDefinition } from './route-definition.ts';

export function routeCallsSource(): string {
  const calls = Object.fromEntries(
    Object.entries(routes as Readonly<Record<string, RouteDefinition>>)
      .filter(([, route]) => route.auth !== 'admin')
      .map(([id, { method, path }]) => [id, { method, path }]),
  );
  return JSON.stringify(calls, null, 2) + '\n';
}
