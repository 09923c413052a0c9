// Every operation of the published OpenAPI document (kernel/contract/openapi.json), called as a customer,
// a collaborator, nobody and a forged token, with inputs generated from its own schemas (valid ones, and
// ones that break a schema), must answer as the document says: no 5xx, only the statuses and content
// types it lists, bodies that match their schema (ajv), no 2xx to an invalid input, and no 2xx to an
// anonymous or forged caller on a secured operation. Deterministic: one fixed seed (CONTRACT_SEED to try
// another), printed by fast-check with the failing input.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc, { type Arbitrary } from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/options.ts';
import { collaboratorToken, login, openTestDb, type Started, startGateway } from './helpers.ts';
import { type Hints, invalidOf, type Schema, validOf } from './schema-arbitrary.ts';

const SEED = Number(process.env['CONTRACT_SEED'] ?? 29);

type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: Schema };
type Response = { content?: Record<string, { schema: Schema }> };
type Operation = {
  operationId: string;
  security: unknown[];
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Response>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

const document = JSON.parse(
  readFileSync(join(REPO_ROOT, 'kernel/contract/openapi.json'), 'utf8'),
) as Document;

/** The document's schemas with its `$ref`s (#/components/schemas/…) replaced by what they name. */
function resolved(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(resolved);
  if (typeof schema !== 'object' || schema === null) return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    return resolved(document.components.schemas[name]);
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, resolved(value)]));
}

/**
 * Operations left out, each with its reason: test tools that change the whole gateway (faults make it
 * answer 5xx on purpose, a reset wipes the sessions this run holds, the others replace what every later
 * call reads). Their read-only siblings (the demo inbox, the analytics counts) are called like the rest.
 */
const SKIPPED: Readonly<Record<string, string>> = {
  adminAddFault: 'a fault rule makes later calls fail on purpose (faults.test.ts)',
  adminClearFaults: 'a test tool, paired with adminAddFault',
  adminReset: 'wipes the database and every session of this run',
  adminSetNews: 'a test tool replacing the news every persona reads',
  adminPlaceManifest: 'a test tool replacing the published manifest',
  adminPublishEvent: 'a test tool sending notifications to any user',
  adminExpireResetLinks: 'a test tool; expiring links is harmless but it only serves the demo',
};

/** Operations that end the session they are called with: each call gets a fresh sign-in. */
const ENDS_SESSION = new Set(['logout', 'logoutEverywhere', 'refreshToken']);
/**
 * Throttled by caller address (a burst of failed sign-ins locks 127.0.0.1 out for 15 minutes): they run
 * last, once no other call needs a sign-in.
 */
const THROTTLED = new Set(['login', 'resetPassword', 'createNewPassword', 'tokenExchange']);

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const operations = Object.entries(document.paths)
  .flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method as Method, operation })),
  )
  .filter(({ operation }) => !(operation.operationId in SKIPPED))
  .sort((a, b) => rank(a.operation.operationId) - rank(b.operation.operationId));

function rank(id: string): number {
  if (THROTTLED.has(id)) return 2;
  return ENDS_SESSION.has(id) ? 1 : 0;
}

// Validation as the gateway does it (gateway/src/http/validation.ts): path, query and form fields are
// text coerced to the schema's types; a JSON body is taken as it is.
const coercing = new Ajv({ coerceTypes: true, useDefaults: true, strict: false, allErrors: true });
const strict = new Ajv({ coerceTypes: false, useDefaults: true, strict: false, allErrors: true });
addFormats(coercing);
addFormats(strict);
const compiled = new Map<object, ValidateFunction>();
function validatorOf(ajv: Ajv, schema: Schema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(resolved(schema) as object);
    compiled.set(schema, validate);
  }
  return validate;
}
const accepts = (ajv: Ajv, schema: Schema, value: unknown) =>
  validatorOf(ajv, schema)(structuredClone(value ?? null));

/** The personas, as the gateway's seed has them (gateway/seed/personas.json). */
type Persona = 'customer' | 'collaborator' | 'nobody' | 'forged';
const PERSONAS: readonly Persona[] = ['customer', 'collaborator', 'nobody', 'forged'];
/**
 * marc.multi holds a few codes on 1001-1003 and none on 1004; paul.collab every collaborator code on
 * 1001-1004, so that his calls reach the handlers (a collaborator with no code stops at 403 everywhere).
 * 999999 is nobody's.
 */
const EMAILS = { customer: 'marc.multi@demo.test', collaborator: 'paul.collab@demo.test' } as const;
const ENTITY_IDS = [1001, 1002, 1003, 1004, 999999];
/** Runs per operation: more for the signed-in personas, whose calls go past the bearer guard. */
const RUNS: Readonly<Record<Persona, number>> = { customer: 5, collaborator: 5, nobody: 2, forged: 2 };

const entityId = fc.constantFrom(...ENTITY_IDS);
/**
 * Users a call may name (removed from an entity, made admin, …): the seeded ones but the two personas,
 * whose rights would otherwise change under the later calls; and one that does not exist.
 */
let otherUserIds: number[] = [];
const hints = (path: string): Hints => ({
  accountId: entityId,
  // The `:id` of an /accounts/:id path is an entity; other ids (documents, reports, …) stay small.
  ...(path.includes('/accounts/{id}') ? { id: entityId } : {}),
  userId: fc.constantFrom(...otherUserIds, 999999),
});

/** The first bytes of a PDF: an upload the gateway takes for one. */
const PDF = new Blob(['%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'], { type: 'application/pdf' });

type Input = {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** A JSON body, a form (its fields; the file is added unless `withoutFile`), or none. */
  body:
    { json: unknown } | { form: Record<string, unknown>; withoutFile?: true } | { raw: string } | undefined;
  /** From a web page on another origin (an Origin header): what the admin guard refuses. */
  fromPage: boolean;
  invalid: boolean;
};

function objectSchemaOf(parameters: Parameter[]): Schema {
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
    required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
}

/** Query and form values as text, the way they travel. */
function asText(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]),
  );
}

function inputOf(path: string, operation: Operation): Arbitrary<Input> {
  const pathSchema = objectSchemaOf(operation.parameters.filter((parameter) => parameter.in === 'path'));
  const querySchema = objectSchemaOf(operation.parameters.filter((parameter) => parameter.in === 'query'));
  const jsonSchema = operation.requestBody?.content['application/json']?.schema;
  const formSchema = operation.requestBody?.content['multipart/form-data']?.schema;
  const fieldsSchema: Schema | undefined = formSchema && {
    ...formSchema,
    properties: Object.fromEntries(
      Object.entries(formSchema.properties ?? {}).filter(([name]) => name !== 'file'),
    ),
    required: (formSchema.required ?? []).filter((name) => name !== 'file'),
  };
  const hinted = hints(path);
  const valid = {
    params: validOf(pathSchema, hinted) as Arbitrary<Record<string, unknown>>,
    query: validOf(querySchema, hinted) as Arbitrary<Record<string, unknown>>,
    body: jsonSchema
      ? validOf(jsonSchema, hinted).map((json) => ({ json }))
      : fieldsSchema
        ? (validOf(fieldsSchema, hinted) as Arbitrary<Record<string, unknown>>).map((form) => ({ form }))
        : fc.constant(undefined),
  };
  const good = fc.record({ ...valid, fromPage: fc.constant(false), invalid: fc.constant(false) });
  // One part broken at a time: a path or query parameter, the body (or the form, or its file).
  const broken: Arbitrary<Input>[] = [];
  const withInvalid = (part: Partial<Record<keyof typeof valid, Arbitrary<unknown>>>) =>
    fc.record({
      ...valid,
      ...part,
      fromPage: fc.constant(false),
      invalid: fc.constant(true),
    }) as Arbitrary<Input>;
  if (Object.keys(pathSchema.properties ?? {}).length > 0)
    broken.push(withInvalid({ params: invalidOf(pathSchema, hinted, false) }));
  if (Object.keys(querySchema.properties ?? {}).length > 0)
    broken.push(withInvalid({ query: invalidOf(querySchema, hinted, false) }));
  if (jsonSchema) {
    broken.push(withInvalid({ body: invalidOf(jsonSchema, hinted).map((json) => ({ json })) }));
    broken.push(withInvalid({ body: fc.constant({ raw: '{"unfinished":' }) }));
  }
  if (fieldsSchema) {
    broken.push(withInvalid({ body: invalidOf(fieldsSchema, hinted, false).map((form) => ({ form })) }));
    broken.push(withInvalid({ body: valid.body.map((body) => ({ ...body, withoutFile: true })) }));
    broken.push(withInvalid({ body: fc.constant({ json: {} }) }));
  }
  const admin = operation.security.length === 0 && path.startsWith('/__admin');
  const fromPage = admin || operation.operationId === 'inbox' ? fc.boolean() : fc.constant(false);
  // Half the calls valid, the other half spread over the ways to break one part.
  const any = broken.length > 0 ? fc.oneof({ arbitrary: good, weight: broken.length }, ...broken) : good;
  return fc.tuple(any, fromPage).map(([input, page]) => ({ ...input, fromPage: page }));
}

/** Whether the gateway's own validation would refuse the input (a mutation may still be valid). */
function refusedBySchemas(operation: Operation, input: Input): boolean {
  const pathSchema = objectSchemaOf(operation.parameters.filter((parameter) => parameter.in === 'path'));
  const querySchema = objectSchemaOf(operation.parameters.filter((parameter) => parameter.in === 'query'));
  if (!accepts(coercing, pathSchema, asText(input.params))) return true;
  if (!accepts(coercing, querySchema, asText(input.query))) return true;
  const content = operation.requestBody?.content;
  if (!content || !input.body) return content !== undefined;
  if ('raw' in input.body) return true;
  const jsonSchema = content['application/json']?.schema;
  if ('json' in input.body) return !jsonSchema || !accepts(strict, jsonSchema, input.body.json);
  const formSchema = content['multipart/form-data']?.schema;
  if (!formSchema || input.body.withoutFile) return true;
  return !accepts(coercing, formSchema, { ...asText(input.body.form), file: 'bytes' });
}

let gateway: Started;
const tokens = new Map<Persona, string | undefined>();

async function freshToken(persona: Persona): Promise<string | undefined> {
  if (persona === 'customer') return login(gateway, EMAILS.customer);
  if (persona === 'collaborator') return collaboratorToken(gateway, EMAILS.collaborator);
  return tokens.get(persona);
}

type Answer = { status: number; type: string | null; body: unknown };

async function send(path: string, method: Method, input: Input, token: string | undefined): Promise<Answer> {
  const url = new URL(
    path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(String(input.params[name]))),
    gateway.url,
  );
  for (const [name, value] of Object.entries(asText(input.query))) url.searchParams.append(name, value);
  const headers: Record<string, string> = {};
  if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
  if (input.fromPage) headers['origin'] = 'http://127.0.0.1:5173';
  let body: string | FormData | undefined;
  if (input.body && 'json' in input.body) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input.body.json);
  } else if (input.body && 'raw' in input.body) {
    headers['content-type'] = 'application/json';
    body = input.body.raw;
  } else if (input.body) {
    const form = new FormData();
    for (const [name, value] of Object.entries(asText(input.body.form))) form.append(name, value);
    if (!input.body.withoutFile) form.append('file', PDF, 'scan.pdf');
    body = form;
  }
  const response = await fetch(url, {
    method: method.toUpperCase(),
    headers,
    ...(body === undefined ? {} : { body }),
    signal: AbortSignal.timeout(15_000),
  });
  const type = response.headers.get('content-type');
  // An event stream stays open: its headers are the answer.
  if (type?.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, type, body: undefined };
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  const isJson = type?.includes('json') === true && bytes.length > 0;
  return {
    status: response.status,
    type,
    body: isJson ? (JSON.parse(bytes.toString('utf8')) as unknown) : bytes,
  };
}

const mediaTypeOf = (type: string) => type.split(';')[0]?.trim().toLowerCase() ?? '';

/** What the document says of the answer, as a list of broken promises (empty when it holds). */
function problemsOf(operation: Operation, persona: Persona, refused: boolean, answer: Answer): string[] {
  const problems: string[] = [];
  const { status } = answer;
  const ok = status >= 200 && status < 300;
  if (status >= 500) problems.push(`a server error ${String(status)}`);
  const listed = operation.responses[String(status)];
  if (!listed)
    problems.push(`status ${String(status)} is not listed (${Object.keys(operation.responses).join(', ')})`);
  if (ok && refused) problems.push(`invalid input accepted with ${String(status)}`);
  if (ok && operation.security.length > 0 && (persona === 'nobody' || persona === 'forged'))
    problems.push(`a secured operation answered ${String(status)} to ${persona}`);
  if (!listed) return problems;
  const content = listed.content;
  if (!content) {
    if (answer.body instanceof Buffer && answer.body.length > 0) problems.push('a body where none is listed');
    return problems;
  }
  const types = Object.keys(content).map(mediaTypeOf);
  const type = answer.type === null ? '' : mediaTypeOf(answer.type);
  if (!types.includes(type)) {
    problems.push(`content type ${answer.type ?? 'none'} is not listed (${types.join(', ')})`);
    return problems;
  }
  const schema = Object.entries(content).find(([key]) => mediaTypeOf(key) === type)?.[1].schema;
  if (type.endsWith('json') && schema) {
    const validate = validatorOf(strict, schema);
    if (!validate(answer.body))
      problems.push(
        `the body breaks its schema: ${strict.errorsText(validate.errors)} in ${JSON.stringify(answer.body).slice(0, 300)}`,
      );
  }
  return problems;
}

beforeAll(async () => {
  gateway = await startGateway();
  const db = await openTestDb(gateway, { readonly: true });
  const users = await db.selectFrom('users').select(['id', 'email']).execute();
  await db.destroy();
  const personaEmails: readonly string[] = Object.values(EMAILS);
  otherUserIds = users.filter((user) => !personaEmails.includes(user.email)).map((user) => user.id);
  tokens.set('customer', await login(gateway, EMAILS.customer));
  tokens.set('collaborator', await collaboratorToken(gateway, EMAILS.collaborator));
  tokens.set('nobody', undefined);
  // Well-formed and plausible, signed with a key that is not the gateway's.
  tokens.set(
    'forged',
    await new SignJWT({ email: EMAILS.customer, gigyaUserId: 'g', isCustomer: true, sid: 'forged' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('2')
      .setIssuedAt()
      .setExpirationTime('1h')
      .setJti('forged')
      .sign(randomBytes(32)),
  );
});
afterAll(async () => {
  await gateway.dispose();
});

describe('every operation of openapi.json answers as the document says', () => {
  it('leaves out only the test tools, each for a written reason', () => {
    const ids = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => operation.operationId),
    );
    expect(Object.keys(SKIPPED).filter((id) => !ids.includes(id))).toEqual([]);
    expect(operations.length + Object.keys(SKIPPED).length).toBe(ids.length);
  });

  it.each(operations.map((entry) => [`${entry.method.toUpperCase()} ${entry.path}`, entry] as const))(
    '%s',
    async (_label, { path, method, operation }) => {
      for (const [index, persona] of PERSONAS.entries()) {
        await fc.assert(
          fc.asyncProperty(inputOf(path, operation), async (input) => {
            const token = ENDS_SESSION.has(operation.operationId)
              ? await freshToken(persona)
              : tokens.get(persona);
            const refused = input.invalid && refusedBySchemas(operation, input);
            const answer = await send(path, method, input, token);
            const problems = problemsOf(operation, persona, refused, answer);
            if (problems.length > 0)
              throw new Error(`${operation.operationId} as ${persona}: ${problems.join('; ')}`);
          }),
          { seed: SEED + index, numRuns: RUNS[persona], endOnFailure: true },
        );
      }
    },
  );
});
