import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';

/** A backend service of SPEC 7, named as in the manifest's `gateway.services`. */
export type ServiceName = keyof PortalConfig['gateway']['services'];

/**
 * The two calls of SPEC 7 that sit outside every service prefix. The portal's origin forwards them to the
 * gateway with the prefixes (scripts/gateway-proxy.ts), so they are named once, here.
 */
export const UNPREFIXED_CALLS = { contactMe: 'contact/me', userOrigin: 'userorigin' } as const;

const SERVICE_PATH = /^\{([A-Za-z][A-Za-z0-9]*)\}(\/.*)?$/;

/**
 * A call path under one of the SPEC 7 service prefixes, e.g. `service('account', 'accounts/currentuser')`.
 * The prefix is not written here: the base query reads it from the manifest's `gateway.services` when the
 * request is sent, so renaming a prefix in portal.config.json moves every call with no code change.
 */
export function service(name: ServiceName, path: string): string {
  return `{${name}}/${path.replace(/^\/+/, '')}`;
}

/**
 * The real path of a request URL built with `service()`; any other URL is returned as it is. An unknown
 * service name throws, naming it (a manifest without that service cannot serve the call).
 */
export function resolveServicePath(url: string, services: Readonly<Record<string, string>>): string {
  const match = SERVICE_PATH.exec(url);
  if (!match) return url;
  const [, name = '', rest = ''] = match;
  const prefix = services[name];
  if (prefix === undefined) throw new Error(`Unknown gateway service '${name}' in '${url}'`);
  return `${prefix.replace(/\/+$/, '')}${rest}`;
}

/** A URL of the manifest the environment may override (`baseUrlEnv`): e2e and preview builds point elsewhere. */
export function envOverride(
  env: Readonly<Record<string, unknown>>,
  name: string | undefined,
  fallback: string,
): string {
  const value = name === undefined ? undefined : env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

/**
 * The absolute address of a call under a service prefix, for the requests made outside RTK Query (the
 * published manifest at start-up, the analytics collector); undefined when the manifest has no such service.
 */
export function serviceUrl(base: string, prefix: string | undefined, path: string): string | undefined {
  if (prefix === undefined) return undefined;
  return `${base.replace(/\/+$/, '')}/${prefix.replace(/^\/+|\/+$/g, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * The analytics collector's address (the manifest's `analytics` service): the portal, the light sign-in
 * app and the build's pre-rendered login page ask the same; undefined when the manifest has no collector.
 */
export function analyticsCollectorUrl(
  gateway: PortalConfig['gateway'],
  env: Readonly<Record<string, unknown>>,
): string | undefined {
  return serviceUrl(
    envOverride(env, gateway.baseUrlEnv, gateway.baseUrl),
    gateway.services.analytics,
    'events',
  );
}
