import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import BetterSqlite3 from 'better-sqlite3';
import { runGatewayCommand } from '../src/cli/gateway-command.ts';
import { sqliteDb, type Db } from '../src/db/connection.ts';
import { postgresDb } from '../src/db/postgres.ts';
import { buildGateway, type Gateway } from '../src/gateway.ts';
import type { GatewayOptions } from '../src/options.ts';
import { createTestDatabase, type TestDatabase } from './postgres.ts';

const PASSWORD = 'Demo-2026!';

/**
 * The gateway-pg project (vitest.config.ts): every test gateway on a PostgreSQL database of its own.
 * A test SQLite-only by nature is skipped there with its reason (`it.skipIf(ON_POSTGRES)`).
 */
export const ON_POSTGRES = process.env['GATEWAY_TEST_DATABASE'] === 'postgres';

/** On PostgreSQL, each data dir's database: a gateway started again on the data dir finds its data. */
const databases = new Map<string, Promise<TestDatabase>>();

/** The PostgreSQL database of a data dir (made on first use), or undefined on SQLite. */
export async function databaseUrlOf(dataDir: string): Promise<string | undefined> {
  if (!ON_POSTGRES) return undefined;
  let database = databases.get(dataDir);
  if (!database) {
    database = createTestDatabase();
    databases.set(dataDir, database);
  }
  return (await database).url;
}

/** Drops a data dir's PostgreSQL database (nothing on SQLite). */
async function dropDatabaseOf(dataDir: string): Promise<void> {
  const database = databases.get(dataDir);
  databases.delete(dataDir);
  if (database) await (await database).drop();
}

/** The environment that points a command (in this process or another) at a data dir and its database. */
export async function databaseEnvOf(dataDir: string): Promise<Record<string, string>> {
  const url = await databaseUrlOf(dataDir);
  return { GATEWAY_DATA_DIR: dataDir, ...(url === undefined ? {} : { GATEWAY_DATABASE_URL: url }) };
}

/**
 * A Kysely instance of its own on a test gateway's database (its SQLite file, or its PostgreSQL
 * database), for a test to read or change rows; the test destroys it.
 */
export async function openTestDb(gateway: { dataDir: string }, { readonly = false } = {}): Promise<Db> {
  const url = await databaseUrlOf(gateway.dataDir);
  if (url !== undefined) return postgresDb(url, { poolSize: 2, applicationName: 'gateway-test' });
  return sqliteDb(new BetterSqlite3(join(gateway.dataDir, 'gateway.sqlite'), { readonly }));
}

export type Started = Gateway & { dataDir: string; dispose: () => Promise<void> };

export async function startGateway(overrides: Partial<GatewayOptions> = {}): Promise<Started> {
  const dataDir = overrides.dataDir ?? mkdtempSync(join(tmpdir(), 'gateway-test-'));
  const databaseUrl = overrides.databaseUrl ?? (await databaseUrlOf(dataDir));
  const gateway = await buildGateway({
    ...(databaseUrl === undefined ? {} : { databaseUrl, databasePool: 4 }),
    port: 0,
    logLevel: false,
    faults: true,
    demo: true,
    // Today's hash of the demo data costs little; test/passwords.test.ts checks OWASP's and the re-hash.
    scrypt: { N: 2 ** 14, r: 8, p: 1 },
    ...overrides,
    dataDir,
  });
  return {
    ...gateway,
    dataDir,
    dispose: async () => {
      await gateway.close();
      if (!overrides.dataDir) {
        rmSync(dataDir, { recursive: true, force: true });
        await dropDatabaseOf(dataDir);
      }
    },
  };
}

/** Runs `work` on a fresh data folder (`prefix` names it), removed after even when `work` throws. */
export async function withDataDir<T>(prefix: string, work: (dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  try {
    return await work(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs `work` on a gateway of its own (these options), closed after even when `work` throws. */
export async function withGateway<T>(
  overrides: Partial<GatewayOptions>,
  work: (gateway: Started) => Promise<T>,
): Promise<T> {
  const gateway = await startGateway(overrides);
  try {
    return await work(gateway);
  } finally {
    await gateway.dispose();
  }
}

/** What a retention test does around a restart (`purgedAtRestart`). */
type RetentionSteps = {
  /** Options of the first gateway, which records the rows. */
  first?: Partial<GatewayOptions>;
  record: (gateway: Started) => Promise<unknown>;
  /** Back-dates rows in the database while no gateway runs; `daysAgo` is the ISO moment that many days ago. */
  age: (db: Db, daysAgo: (days: number) => string) => Promise<void>;
  /** Options of the second gateway, whose start purges. */
  second: Partial<GatewayOptions>;
  check: (gateway: Started) => Promise<void>;
};

/**
 * A start-up purge, checked: a gateway on a fresh data folder records rows, which are then made older in
 * the database while it is stopped; a gateway started again on the same data with a retention purges
 * them, and `check` reads what it kept.
 */
export function purgedAtRestart(prefix: string, steps: RetentionSteps): Promise<void> {
  return withDataDir(prefix, async (dataDir) => {
    await withGateway({ ...steps.first, dataDir }, steps.record);
    const db = await openTestDb({ dataDir });
    try {
      await steps.age(db, (days) => new Date(Date.now() - days * 86_400_000).toISOString());
    } finally {
      await db.destroy();
    }
    await withGateway({ ...steps.second, dataDir }, steps.check);
  });
}

export type ApiAnswer = { status: number; body: unknown; headers: Headers };

export async function call(
  gateway: { url: string },
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${gateway.url}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') parsed = JSON.parse(text);
  return { status: response.status, body: parsed, headers: response.headers };
}

/** The status alone, for the many checks that an answer is refused or accepted. */
export async function statusOf(...args: Parameters<typeof call>): Promise<number> {
  return (await call(...args)).status;
}

/**
 * A GET with headers that fetch will not send as given (Host, Origin): what a proxy or a browser page
 * on another origin sends.
 */
export function rawGet(
  gateway: { url: string },
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${gateway.url}${path}`, { method: 'GET', headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body, headers: response.headers });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** Narrows a JSON answer for assertions; the shape itself is asserted by the tests. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- an assertion helper: the caller names the shape it expects
export function json<T>(answer: ApiAnswer): T {
  return answer.body as T;
}

export async function login(gateway: { url: string }, email: string, password = PASSWORD): Promise<string> {
  const answer = await call(gateway, 'POST', '/authentication/api/login', { body: { email, password } });
  if (answer.status !== 200) throw new Error(`login of ${email} answered ${String(answer.status)}`);
  return json<{ token: string }>(answer).token;
}

/** A minimal browser: follows nothing by itself, keeps cookies by name. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export type OidcTokens = {
  access_token: string;
  refresh_token?: string;
  id_token: string;
  token_type: string;
};

export type OidcClient = {
  jar: CookieJar;
  /** Runs GET authorize (PKCE S256) and answers the final redirect to the portal, or the page where it stopped. */
  authorize: (
    params?: Record<string, string>,
  ) => Promise<{ response: Response; location: string | null; verifier: string }>;
  get: (url: string) => Promise<Response>;
  postForm: (url: string, form: Record<string, string>) => Promise<Response>;
};

const REDIRECT_URI = 'http://127.0.0.1:5173/collaborateur';

/** One of the provider's clients: the collaborators' (default) or the customers' single sign-on. */
export type OidcClientKind = { clientId: string; scope: string; redirectUri: string };

const COLLABORATOR_CLIENT: OidcClientKind = {
  clientId: 'portal',
  scope: 'openid profile email offline_access',
  redirectUri: REDIRECT_URI,
};

export const CUSTOMER_SSO_CLIENT: OidcClientKind = {
  clientId: 'portal-customers',
  scope: 'openid profile email',
  redirectUri: 'http://127.0.0.1:5173/sso',
};

export function oidcClient(gateway: { url: string }, kind = COLLABORATOR_CLIENT): OidcClient {
  const jar = new CookieJar();
  const absolute = (url: string) => new URL(url, gateway.url).href;
  const get = async (url: string) => {
    const response = await fetch(absolute(url), { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response);
    return response;
  };
  const postForm = async (url: string, form: Record<string, string>) => {
    const response = await fetch(absolute(url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    jar.store(response);
    return response;
  };
  const authorize: OidcClient['authorize'] = async (params = {}) => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const query = new URLSearchParams({
      client_id: kind.clientId,
      response_type: 'code',
      scope: kind.scope,
      redirect_uri: kind.redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: randomBytes(8).toString('hex'),
      nonce: randomBytes(8).toString('hex'),
      ...params,
    });
    const response = await get(`/oidc/auth?${query.toString()}`);
    return { response, location: response.headers.get('location'), verifier };
  };
  return { jar, authorize, get, postForm };
}

/** Follows redirects inside the gateway until one leaves it (to the portal) or a page answers. */
export async function followInside(
  client: OidcClient,
  gateway: { url: string },
  start: Response,
): Promise<Response | string> {
  let response = start;
  for (let hops = 0; hops < 10; hops += 1) {
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return response;
    const next = new URL(location, gateway.url);
    if (next.origin !== gateway.url) return next.href;
    response = await client.get(next.href);
  }
  throw new Error('too many redirects');
}

export async function exchangeCode(
  gateway: { url: string },
  redirect: string,
  verifier: string,
  redirectUri = REDIRECT_URI,
  clientId = 'portal',
): Promise<OidcTokens> {
  const code = new URL(redirect).searchParams.get('code');
  if (!code) throw new Error(`no code in ${redirect}`);
  const response = await fetch(`${gateway.url}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    }).toString(),
  });
  if (response.status !== 200)
    throw new Error(`token endpoint answered ${String(response.status)}: ${await response.text()}`);
  return (await response.json()) as OidcTokens;
}

/** The portal URL a redirect chain ended on; fails when it stopped on a page instead. */
export function redirectTarget(result: Response | string): string {
  if (typeof result !== 'string')
    throw new Error(`expected a redirect to the portal, got status ${String(result.status)}`);
  return result;
}

/** The whole collaborator sign-in: authorize, sign-in form, code exchange. */
export async function oidcSignIn(
  gateway: { url: string },
  email: string,
  password = PASSWORD,
  kind = COLLABORATOR_CLIENT,
) {
  const client = oidcClient(gateway, kind);
  const { response, verifier } = await client.authorize();
  const page = await followInside(client, gateway, response);
  if (typeof page === 'string') throw new Error(`expected the sign-in page, got a redirect to ${page}`);
  const html = await page.text();
  const action = /action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no sign-in form: ${html.slice(0, 200)}`);
  const posted = await client.postForm(action, { email, password });
  const redirect = await followInside(client, gateway, posted);
  if (typeof redirect !== 'string')
    throw new Error(`sign-in did not redirect (status ${String(redirect.status)})`);
  const tokens = await exchangeCode(gateway, redirect, verifier, kind.redirectUri, kind.clientId);
  return { client, tokens, html };
}

export async function collaboratorToken(gateway: { url: string }, email: string): Promise<string> {
  const { tokens } = await oidcSignIn(gateway, email);
  const answer = await call(gateway, 'POST', '/authentication/api/token-exchange', {
    body: { accessToken: tokens.access_token },
  });
  if (answer.status !== 200) throw new Error(`token-exchange answered ${String(answer.status)}`);
  return json<{ token: string }>(answer).token;
}

/** Runs a gateway command in this process on a data dir, with what it printed. */
/** A session token, signed in the way this person signs in: customers by password, collaborators through OIDC. */
export function sessionOf(gateway: { url: string }, email: string, isCustomer: boolean): Promise<string> {
  return isCustomer ? login(gateway, email) : collaboratorToken(gateway, email);
}

/** Posts a form with these fields and a file, as the portal's upload forms send it. */
function postFile(
  gateway: { url: string },
  token: string,
  path: string,
  fields: Record<string, string>,
  file: { bytes: Uint8Array<ArrayBuffer>; name: string },
): Promise<Response> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([file.bytes]), file.name);
  return fetch(`${gateway.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

/** Uploads a PDF as a document of entity 1001 (accounting unless `kind` says), as the portal's form sends it. */
export function uploadAccountingPdf(
  gateway: { url: string },
  token: string,
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
  kind = 'accounting',
): Promise<Response> {
  return postFile(gateway, token, `/account/api/accounts/1001/documents?kind=${kind}`, {}, { bytes, name });
}

/** Deposits a report file as the firm's reporting screen sends it: its fields, then the PDF. */
export function depositReportFile(
  gateway: { url: string },
  token: string,
  fields: Record<string, string>,
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
): Promise<Response> {
  return postFile(gateway, token, '/reporting/api/reports/files', fields, { bytes, name });
}

/** Invites a person to an entity, as the people screen's form sends it. */
export function invite(
  gateway: { url: string },
  token: string,
  accountId: number,
  body: { email: string; firstName: string; lastName: string; permissions?: string[]; isSignatory?: boolean },
): Promise<ApiAnswer> {
  return call(gateway, 'POST', `/account/api/accounts/${String(accountId)}/users`, { token, body });
}

/** Saves a person's codes on an entity as the people screen does, against the version of the row it read. */
export function saveRights(
  gateway: { url: string },
  token: string,
  accountId: number,
  person: { userId: number | null; version: number; isSignatory: boolean },
  permissions: string[],
  isSignatory = person.isSignatory,
): Promise<ApiAnswer> {
  return call(
    gateway,
    'PUT',
    `/account/api/accounts/${String(accountId)}/users/${String(person.userId)}/rights`,
    { token, body: { permissions, isSignatory, version: person.version } },
  );
}

export async function gatewayCommand(
  dataDir: string,
  argv: readonly string[],
  options: { stdin?: string; demo?: boolean } = {},
): Promise<{ code: number; out: string }> {
  let out = '';
  const sink = {
    write: (text: string) => {
      out += text;
      return true;
    },
  };
  const code = await runGatewayCommand(argv, {
    env: { ...(await databaseEnvOf(dataDir)), ...(options.demo ? { GATEWAY_DEMO: 'on' } : {}) },
    stdin: Readable.from(options.stdin === undefined ? [] : [options.stdin]),
    stdout: sink,
    stderr: sink,
  });
  return { code, out };
}
