// What a route of the gateway contract may say: its method and path, its auth, its schemas, its answer and
// the access rules the gateway checks. The table of routes (api.ts) and the domains' route files use it.
import type { JSONSchema } from 'json-schema-to-ts';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RouteDefinition = {
  readonly method: HttpMethod;
  /** Fastify-style path (`:id`); openapi.json shows `{id}`. */
  readonly path: string;
  /**
   * bearer: needs a valid session token (401 otherwise); none: public; admin: test and demo tools, only
   * when turned on (GATEWAY_FAULTS=on, or GATEWAY_DEMO=on for `demo` routes), called directly under the
   * gateway's own host name (not through the portal's proxy), with no Origin header (no browser page, no
   * CORS), from this machine; 403 otherwise.
   */
  readonly auth: 'bearer' | 'none' | 'admin';
  /** An admin route served in demo mode (GATEWAY_DEMO=on) rather than with GATEWAY_FAULTS=on. */
  readonly demo?: true;
  readonly tag: string;
  readonly summary: string;
  readonly status: 200 | 201 | 204;
  readonly params?: JSONSchema;
  readonly query?: JSONSchema;
  readonly body?: JSONSchema;
  /** null: no body (204). */
  readonly response: JSONSchema | null;
  /**
   * Where the target entity's id is. The gateway checks, before reading the input (a body's id once
   * parsed, before it is validated) and before the handler, that the caller is attached to that entity
   * and holds one of `requiresAnyOf` there (403 otherwise); `handler`: the entity is found from the
   * resource (a report's) or a multipart field, and the handler checks it. An entity id is named
   * `accountId`, or is the `:id` of an `/accounts/:id` path: every route naming one in its path or JSON
   * body must locate it here (gateway/test/access-matrix.test.ts fails otherwise). The persona × route
   * matrix of that test is generated from these fields.
   */
  readonly entityId?: { readonly in: 'params' | 'query' | 'body'; readonly name: string } | 'handler';
  /** Entity permission codes of which one is needed on the target entity (403 otherwise). */
  readonly requiresAnyOf?: readonly string[];
  /**
   * Only callers holding the gateway's studio-editor mark (the studio's product owners; never decided by
   * the published manifest); 403 otherwise, before the input is validated.
   */
  readonly studioEditors?: true;
  /** Collaborators only: a customer gets 403 whatever codes they hold. */
  readonly collaboratorsOnly?: true;
  /** Entity codes of which a collaborator (not a customer) needs one on the target entity (403 otherwise). */
  readonly collaboratorsRequireAnyOf?: readonly string[];
  /** Entity codes of which a customer (not a collaborator) needs one on the target entity (403 otherwise). */
  readonly customersRequireAnyOf?: readonly string[];
  /** An offer the target entity must hold with the validated status (403 otherwise), e.g. the accounting software's. */
  readonly requiresActiveOffer?: string;
  /** Codes of which one is needed among the caller's global permissions (wallet-wide calls; 403 otherwise). */
  readonly globalRequiresAnyOf?: readonly string[];
  /**
   * Codes per value of one query parameter (a document kind has its own codes), checked on the target
   * entity besides `requiresAnyOf`; `default` is the value when the parameter is absent.
   */
  readonly requiresAnyOfByQuery?: {
    readonly name: string;
    readonly default?: string;
    readonly values: Readonly<Record<string, readonly string[]>>;
  };
  /** Answer items whose `field` has one of these values are kept only for holders of one of its codes. */
  readonly itemsRequireAnyOf?: {
    readonly field: string;
    readonly values: Readonly<Record<string, readonly string[]>>;
  };
  /**
   * Codes of which one is also needed to grant permission codes or signatory status in the body (403
   * otherwise). Besides: a customer grants only codes they hold on that entity, a collaborator only
   * customer codes, unknown codes never (422); signatory status only by a signatory or a CLADMI001 holder.
   */
  readonly grantRequiresAnyOf?: readonly string[];
  /**
   * The manifest action (`actions` in portal.config.json) that offers this call in the portal. Its
   * permission codes must be exactly `requiresAnyOf` (tests/contract/actions.test.ts), so the portal hides
   * what the gateway refuses.
   */
  readonly action?: string;
  /**
   * The media type of an answer that is not JSON (a CSV export), streamed by the handler; a list when the
   * handler sets one of them (a stored file's own type), the first being the default.
   */
  readonly produces?: string | readonly [string, ...string[]];
  /**
   * A multipart/form-data body, read by the handler as it streams (not validated by the route): its text
   * fields, sent before the part "file".
   */
  readonly form?: JSONSchema;
  /**
   * Error statuses this route answers besides the ones every route of its kind does (400, 404, 405, 421,
   * 401/403 with a bearer, 403 for an admin route, 413/422 with a body, 413/415/422 with a form):
   * openapi.json lists them all.
   */
  readonly errors?: readonly (401 | 409 | 429 | 502)[];
  /** How concurrent writes resolve. */
  readonly concurrency?: string;
};

/** The media types of a route's answer: JSON unless it `produces` others. */
export function mediaTypesOf(route: RouteDefinition): readonly string[] {
  if (route.produces === undefined) return ['application/json'];
  return typeof route.produces === 'string' ? [route.produces] : route.produces;
}
