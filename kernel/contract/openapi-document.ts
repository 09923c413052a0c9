// The OpenAPI document of the gateway, built from the route table (api.ts); scripts/openapi.ts writes it.
import type { JSONSchema } from 'json-schema-to-ts';
import { routes } from './api.ts';
import { mediaTypesOf, type RouteDefinition } from './route-definition.ts';
import { errorSchema } from './schemas.ts';

type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: unknown };

function parametersOf(schema: JSONSchema | undefined, location: 'path' | 'query'): Parameter[] {
  if (typeof schema !== 'object' || !('properties' in schema)) return [];
  const required = new Set(
    'required' in schema && Array.isArray(schema.required) ? (schema.required as string[]) : [],
  );
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
}

/** A form's schema in the document: its text fields, then the part "file" (the bytes). */
function formSchema(form: JSONSchema) {
  const fields = typeof form === 'object' ? form : {};
  const required =
    'required' in fields && Array.isArray(fields.required) ? (fields.required as string[]) : [];
  const properties = 'properties' in fields ? fields.properties : {};
  return {
    type: 'object',
    required: [...required, 'file'],
    properties: { ...properties, file: { type: 'string', contentMediaType: 'application/octet-stream' } },
  };
}

function operation(id: string, route: RouteDefinition) {
  const errors: Record<string, unknown> = {};
  // 405: a known path with another method; 421: a Host the gateway does not serve.
  const statuses = new Set<number>([400, 404, 405, 421, ...(route.errors ?? [])]);
  if (route.auth === 'bearer') [401, 403].forEach((status) => statuses.add(status));
  // The admin guard: called through a proxy, from a web page or from another host.
  if (route.auth === 'admin') statuses.add(403);
  if (route.body) [413, 422].forEach((status) => statuses.add(status));
  // A form: too large, not multipart, a field or the file missing or wrong.
  if (route.form) [413, 415, 422].forEach((status) => statuses.add(status));
  for (const status of [...statuses].sort((a, b) => a - b)) {
    errors[String(status)] = {
      description: 'Error',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return {
    operationId: id,
    tags: [route.tag],
    summary: route.summary,
    ...(route.auth === 'bearer' ? { security: [{ bearer: [] }] } : { security: [] }),
    ...(route.requiresAnyOf ? { 'x-requires-any-of': route.requiresAnyOf } : {}),
    ...(route.grantRequiresAnyOf ? { 'x-grant-requires-any-of': route.grantRequiresAnyOf } : {}),
    ...(route.entityId ? { 'x-entity-id': route.entityId } : {}),
    ...(route.collaboratorsOnly ? { 'x-collaborators-only': true } : {}),
    ...(route.globalRequiresAnyOf ? { 'x-global-requires-any-of': route.globalRequiresAnyOf } : {}),
    ...(route.requiresAnyOfByQuery ? { 'x-requires-any-of-by-query': route.requiresAnyOfByQuery } : {}),
    ...(route.itemsRequireAnyOf ? { 'x-items-require-any-of': route.itemsRequireAnyOf } : {}),
    ...(route.concurrency ? { 'x-concurrency': route.concurrency } : {}),
    parameters: [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')],
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } }
      : {}),
    ...(route.form
      ? {
          requestBody: {
            required: true,
            content: { 'multipart/form-data': { schema: formSchema(route.form) } },
          },
        }
      : {}),
    responses: {
      [String(route.status)]:
        route.response === null
          ? { description: 'No content' }
          : {
              description: 'OK',
              content: Object.fromEntries(
                mediaTypesOf(route).map((type) => [type, { schema: route.response }]),
              ),
            },
      ...errors,
    },
  };
}

export function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, route] of Object.entries(routes) as [string, RouteDefinition][]) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(id, route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Reference gateway',
      version: '1.0.0',
      description:
        'Generated from kernel/contract/api.ts by gateway/scripts/openapi.ts; DO NOT EDIT. The collaborator OpenID Connect provider is under /oidc (discovery: /oidc/.well-known/openid-configuration).',
    },
    servers: [{ url: 'http://127.0.0.1:4010' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: errorSchema },
    },
    paths,
  };
}
