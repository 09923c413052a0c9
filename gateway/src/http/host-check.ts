import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.ts';

/**
 * The Host header must name this gateway or the portal that proxies to it: a page on a rebound DNS name
 * (evil.example resolving to 127.0.0.1) reaches a loopback server from the victim's browser, and only
 * its Host header tells it apart.
 */
export function createHostCheck(options: {
  /** Filled once the server listens (the port is not known before). */
  ownHosts: () => readonly string[];
  extraHosts: readonly string[];
}) {
  function isAllowed(host: string | undefined): boolean {
    if (host === undefined) return false;
    const value = host.toLowerCase();
    return options.ownHosts().includes(value) || options.extraHosts.includes(value);
  }

  /** Only this gateway's own names: not the portal's (a request that came through its proxy), not a rebound name. */
  function isOwnHost(host: string | undefined): boolean {
    return host !== undefined && options.ownHosts().includes(host.toLowerCase());
  }

  function install(app: FastifyInstance): void {
    app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
      if (isAllowed(request.headers.host)) done();
      else done(new HttpError(421, 'misdirected_request', 'This server does not answer for that host name.'));
    });
  }

  return { isAllowed, isOwnHost, install };
}

/** `host:port` and the same port on localhost, for a URL served on loopback. */
export function hostVariants(url: string): string[] {
  const parsed = new URL(url);
  const port = parsed.port === '' ? '' : `:${parsed.port}`;
  const names = new Set([
    parsed.hostname,
    ...(['127.0.0.1', 'localhost'].includes(parsed.hostname) ? ['127.0.0.1', 'localhost'] : []),
  ]);
  return [...names].map((name) => `${name}${port}`.toLowerCase());
}
