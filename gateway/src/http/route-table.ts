import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type {
  ApiBody,
  ApiParams,
  ApiQuery,
  ApiResponse,
  RouteId,
  Routes,
  SessionClaims,
} from '../../../kernel/contract/api.ts';
import { routes } from '../../../kernel/contract/api.ts';
import { mediaTypesOf, type RouteDefinition } from '../../../kernel/contract/route-definition.ts';
import { HttpError } from './http-error.ts';

type RequestContext<K extends RouteId> = {
  params: ApiParams<K>;
  query: ApiQuery<K>;
  body: ApiBody<K>;
  session: Routes[K]['auth'] extends 'bearer' ? SessionClaims : null;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** A route that `produces` another media type answers with a stream (a CSV export), not JSON. */
type HandlerResult<K extends RouteId> = Routes[K] extends { produces: unknown } ? Readable : ApiResponse<K>;

type Handler<K extends RouteId> = (
  context: RequestContext<K>,
) => HandlerResult<K> | Promise<HandlerResult<K>>;
export type Handlers = { [K in RouteId]: Handler<K> };

type LooseHandler = (context: {
  params: unknown;
  query: unknown;
  body: unknown;
  session: SessionClaims | null;
  request: FastifyRequest;
  reply: FastifyReply;
}) => unknown;

export type Guards = {
  bearer: (request: FastifyRequest) => Promise<void>;
  admin: (request: FastifyRequest) => Promise<void>;
  sessionOf: (request: FastifyRequest) => SessionClaims | null;
  /** The contract's access fields of the route, checked before the input is read (throws 403). */
  access: (
    definition: RouteDefinition,
    session: SessionClaims | null,
    input: { params: unknown; query: unknown; body: unknown },
  ) => Promise<void>;
};

const DIGITS = /^\d+$/;

/**
 * Integer parameters as they were typed: digits only. The schema's coercion alone reads "1.001e3" and
 * "0x3E9" as 1001, and "1e20" as a page number past any data.
 */
function digitsOnly(definition: RouteDefinition, params: unknown, query: unknown): void {
  for (const [schema, raw] of [
    [definition.params, params],
    [definition.query, query],
  ] as const) {
    if (typeof schema !== 'object' || typeof raw !== 'object' || raw === null) continue;
    const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
    for (const [name, property] of Object.entries(properties)) {
      const value = (raw as Record<string, unknown>)[name];
      if (property.type === 'integer' && typeof value === 'string' && !DIGITS.test(value))
        throw new HttpError(400, 'invalid_request', `${name} must be written in digits only.`);
    }
  }
}

/**
 * Registers every route of the contract with its schemas; admin routes only when faults are on, demo
 * routes (the inbox) only in demo mode.
 */
export function registerRoutes(
  app: FastifyInstance,
  handlers: Handlers,
  guards: Guards,
  options: { admin: boolean; demo: boolean },
): void {
  for (const id of Object.keys(routes) as RouteId[]) {
    const definition: RouteDefinition = routes[id];
    if (definition.auth === 'admin' && !(definition.demo === true ? options.demo : options.admin)) continue;
    const handler = handlers[id] as unknown as LooseHandler;
    const bodyLocated = typeof definition.entityId === 'object' && definition.entityId.in === 'body';
    const guard =
      definition.auth === 'bearer' ? guards.bearer : definition.auth === 'admin' ? guards.admin : undefined;
    app.route({
      method: definition.method,
      url: definition.path,
      schema: {
        ...(definition.params ? { params: definition.params } : {}),
        ...(definition.query ? { querystring: definition.query } : {}),
        ...(definition.body ? { body: definition.body } : {}),
      },
      ...(guard ? { onRequest: guard } : {}),
      // Access before the body is even read: a caller who may not use the route gets 403, whatever the
      // body (unparseable, too large, of the wrong type) or the other parameters.
      preParsing: async (request, _reply, payload) => {
        await guards.access(definition, guards.sessionOf(request), {
          params: request.params,
          query: request.query,
          body: undefined,
        });
        return payload;
      },
      preValidation: async (request) => {
        // An entity id in the body is known once the body is parsed, still before it is validated.
        if (bodyLocated)
          await guards.access(definition, guards.sessionOf(request), {
            params: request.params,
            query: request.query,
            body: request.body,
          });
        digitsOnly(definition, request.params, request.query);
      },
      handler: async (request, reply) => {
        const result = await handler({
          params: request.params,
          query: request.query,
          body: request.body,
          session: guards.sessionOf(request),
          request,
          reply,
        });
        // A handler that answered by itself (a 304 to a conditional request) is done.
        if (reply.sent) return reply;
        reply.code(definition.status);
        // Session tokens and reset links must not stay in a browser or proxy cache.
        if (definition.path.startsWith('/authentication/')) reply.header('Cache-Control', 'no-store');
        // A file download sets its own sniffed type; `produces` is the default.
        if (definition.produces !== undefined)
          return (
            reply.hasHeader('content-type') ? reply : reply.type(mediaTypesOf(definition)[0] ?? '')
          ).send(result);
        if (definition.response === null) return reply.send();
        // Serialised here so that a bare string ("CLIENT") or null is still sent as JSON.
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(result));
      },
    });
  }
}
