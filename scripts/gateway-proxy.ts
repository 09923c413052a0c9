import type { ProxyOptions } from 'vite';
import { routes } from '../kernel/contract/api.ts';
import type { RouteDefinition } from '../kernel/contract/route-definition.ts';
import { UNPREFIXED_CALLS } from '../src/api/service-path.ts';

/**
 * The folders of the gateway's test and demo tools (the contract's `auth: 'admin'` routes: the demo inbox,
 * fault injection, resets). Whole folders, so a tool added there later is not forwarded either.
 */
export const TOOL_PATHS: readonly string[] = [
  ...new Set(
    (Object.values(routes) as RouteDefinition[])
      .filter((route) => route.auth === 'admin')
      .map((route) => route.path.slice(0, route.path.lastIndexOf('/') + 1).toLowerCase()),
  ),
];

export function isToolPath(url: string): boolean {
  let path: string;
  try {
    path = decodeURIComponent(url.split('?')[0] ?? '').replace(/\/{2,}/g, '/');
  } catch {
    return true; // an address that does not decode is not forwarded either
  }
  return TOOL_PATHS.some((prefix) => path.toLowerCase().startsWith(prefix));
}

/**
 * What a client may write to pose as another address, host or scheme: the portal's proxies never relay
 * it, they set X-Forwarded-For to the address they see (the gateway trusts them, GATEWAY_TRUST_PROXY).
 */
export const CLIENT_FORWARDED_HEADERS: readonly string[] = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
];

type GatewaySettings = { services: Readonly<Record<string, string>> };

/** The path prefixes the portal's origin forwards to the gateway (also scripts/static-server.ts, deploy/nginx.conf). */
export function gatewayPaths(gateway: GatewaySettings): string[] {
  const prefixes = [
    ...new Set(Object.values(gateway.services).map((prefix) => `/${prefix.replace(/^\/|\/$/g, '')}/`)),
  ];
  // The calls outside the prefixes are forwarded by their first segment (`contact/me` → `/contact/`).
  const unprefixed = Object.values(UNPREFIXED_CALLS).map((path) => {
    const [first = '', ...rest] = path.split('/');
    return rest.length > 0 ? `/${first}/` : `/${first}`;
  });
  return [...new Set([...prefixes, ...unprefixed])];
}

/**
 * The portal reaches the reference gateway through its own origin: no CORS preflight before every call
 * (every request carries a JSON content type, which is not a "simple" request), one origin in the CSP.
 * Paths are the manifest's service prefixes, plus the two calls of SPEC 7 outside them (UNPREFIXED_CALLS).
 */
export function gatewayProxy(gateway: GatewaySettings, target: string): Record<string, ProxyOptions> {
  return Object.fromEntries(
    gatewayPaths(gateway).map((path) => [
      path,
      {
        target,
        changeOrigin: false,
        // The demo inbox and the test tools are never reachable from the portal's origin: answering
        // false makes Vite skip the proxy, and the portal has no such page (404).
        bypass: (request) => (isToolPath(request.url ?? '') ? false : undefined),
        configure: (proxy) => {
          proxy.on('proxyReq', (upstream, request) => {
            for (const name of CLIENT_FORWARDED_HEADERS) upstream.removeHeader(name);
            upstream.setHeader('x-forwarded-for', request.socket.remoteAddress ?? '');
          });
        },
      },
    ]),
  );
}
