import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type {
  ApiBody,
  ApiParams,
  ApiQuery,
  ApiResponse,
  RouteDefinition,
  RouteId,
  Routes,
  SessionClaims,
} from '../../contract/api.ts';
import { routes } from '../../contract/api.ts';

type RequestContext<K extends RouteId> = {
  params: ApiParams<K>;
  query: ApiQuery<K>;
  body: ApiBody<K>;
  session: Routes[K]['auth'] extends 'bearer' ? SessionClaims : null;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** A route that `produces` another media type answers with a stream (a CSV export), not JSON. */
type HandlerResult<K extends RouteId> = Routes[K] extends { produces: string } ? Readable : ApiResponse<K>;

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
};

/** Registers every route of the contract with its schemas; admin routes only when faults are on. */
export function registerRoutes(
  app: FastifyInstance,
  handlers: Handlers,
  guards: Guards,
  options: { admin: boolean },
): void {
  for (const id of Object.keys(routes) as RouteId[]) {
    const definition: RouteDefinition = routes[id];
    if (definition.auth === 'admin' && !options.admin) continue;
    const handler = handlers[id] as unknown as LooseHandler;
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
      handler: async (request, reply) => {
        const result = await handler({
          params: request.params,
          query: request.query,
          body: request.body,
          session: guards.sessionOf(request),
          request,
          reply,
        });
        reply.code(definition.status);
        // A file download sets its own sniffed type; `produces` is the default.
        if (definition.produces !== undefined)
          return (reply.hasHeader('content-type') ? reply : reply.type(definition.produces)).send(result);
        if (definition.response === null) return reply.send();
        // Serialised here so that a bare string ("CLIENT") or null is still sent as JSON.
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(result));
      },
    });
  }
}
