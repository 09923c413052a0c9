import type { ProxyOptions } from 'vite';

type GatewaySettings = { services: Readonly<Record<string, string>> };

/**
 * The portal reaches the reference gateway through its own origin: no CORS preflight before every call
 * (every request carries a JSON content type, which is not a "simple" request), one origin in the CSP.
 * Paths are the manifest's service prefixes, plus the two calls of SPEC 7 outside them.
 */
export function gatewayProxy(gateway: GatewaySettings, target: string): Record<string, ProxyOptions> {
  const prefixes = [
    ...new Set(Object.values(gateway.services).map((prefix) => `/${prefix.replace(/^\/|\/$/g, '')}/`)),
  ];
  const paths = [...prefixes, '/contact/', '/userorigin'];
  return Object.fromEntries(paths.map((path) => [path, { target, changeOrigin: false }]));
}
