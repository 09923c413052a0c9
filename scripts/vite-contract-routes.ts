import type { Plugin } from 'vite';
import * as generatedRoutes from '../kernel/contract/generated/route-calls.ts';

const ROUTE_REFERENCE = /\bcontractRoutes\.([A-Za-z]\w*)\b/g;
const SOURCE = /\.(ts|tsx)$/;

type RouteCall = { readonly method: string; readonly url: string };

/**
 * Writes each `contractRoutes.<id>` of our sources as the route's own `{ method, url }`. A module goes
 * whole into one chunk, so without this the generated module of every route would sit in the chunk of the
 * first page that calls one (the login page's): with it, each page carries the routes it calls, as when
 * every `*-api.ts` file wrote its paths itself. The types and the tests read the generated module as is.
 */
export function inlineContractRoutes(routes: Readonly<Record<string, RouteCall>> = generatedRoutes): Plugin {
  return {
    name: 'portal-inline-contract-routes',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !SOURCE.test(id) || !code.includes('contractRoutes.')) return null;
      return code.replace(ROUTE_REFERENCE, (reference, name: string) => {
        const route = Object.hasOwn(routes, name) ? routes[name] : undefined;
        if (route === undefined) throw new Error(`${id}: ${reference} is no route of the contract`);
        return `(${JSON.stringify({ method: route.method, url: route.url })})`;
      });
    },
  };
}
