import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSigningJwk } from './oidc/keys.ts';
import type { ScryptParams } from './auth/passwords.ts';
import type { ThrottleLimits } from './auth/throttle.ts';
import type { SeedVolume } from './kernel/bulk-seed.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export type GatewayOptions = {
  /** 0 picks a free port (tests). Default 4010. */
  port?: number;
  /** Address listened on (`GATEWAY_HOST`): an IP address or a host name. Default 127.0.0.1. */
  host?: string;
  dataDir: string;
  /**
   * The PostgreSQL database (`GATEWAY_DATABASE_URL`, postgres://user:password@host:port/database, or
   * `@/path/to/file` holding it); without it SQLite in the data dir. The data dir still holds the key
   * files (session secret, OIDC key) unless configuration gives them.
   */
  databaseUrl?: string;
  /** Connections to PostgreSQL an instance opens at most (`GATEWAY_DATABASE_POOL`, at least 2). Default 10. */
  databasePool?: number;
  /**
   * Where document and report files are kept (`GATEWAY_FILES_DIR`, a shared volume for several
   * instances); created 0700 when missing. Default: `files` in the data dir.
   */
  filesDir?: string;
  tokenTtlS?: number;
  /** Absolute lifetime of a sign-in in seconds: refreshes stop there. Default 12 h. */
  sessionMaxAgeS?: number;
  /** How long a token replaced by a refresh keeps working (ms), for requests in flight. Default 30 s. */
  refreshGraceMs?: number;
  userOrigin?: 'COLLAB' | 'CLIENT';
  /** Enables /__admin (fault injection, news, reset). */
  faults?: boolean;
  /**
   * Demo mode: seeds the personas (public password) and their data, and serves the demo inbox (reset
   * e-mails) to admin callers. On in `npm start` and the tests, off by default in `npm run gateway`: a real
   * deployment starts with nobody and sends e-mails, it does not show them.
   */
  demo?: boolean;
  /**
   * Demo mode only: the day (YYYY-MM-DD, `GATEWAY_DEMO_TODAY`) the demo seed and the figures derived from
   * it (the treasury's "as of" and staleness) are dated from, so screenshots and cross-screen tests do not
   * depend on the calendar. Tokens, sessions, expiries and the stamps of new actions keep the real time.
   * Default: the real day.
   */
  demoToday?: string;
  /** Host header values accepted besides the gateway's own and the portal's (`GATEWAY_ALLOWED_HOSTS`). */
  allowedHosts?: readonly string[];
  /** Default http://127.0.0.1:{port}/oidc. */
  issuer?: string;
  /** HS256 secret of the session tokens; else a random key kept in the data dir. */
  secret?: string;
  /**
   * The OIDC provider's private signing JWK (`GATEWAY_OIDC_JWK`, checked by `parseSigningJwk`); else a
   * key generated once in the data dir.
   */
  oidcJwk?: Record<string, unknown>;
  /** portal.config.json, read for the collaborator permission codes. */
  manifestPath?: string;
  /** Wipe and reseed the database on start. */
  reset?: boolean;
  /** Base of the links in reset e-mails. Default http://127.0.0.1:5173. */
  portalUrl?: string;
  /** false silences the log (tests); otherwise a pino level. */
  logLevel?: false | 'fatal' | 'error' | 'warn' | 'info' | 'debug';
  logRequests?: boolean;
  /** scrypt parameters of new hashes (default OWASP's); older hashes are re-hashed at the next sign-in. */
  scrypt?: ScryptParams;
  /** Password hashes computed at once (default 2). */
  hashConcurrency?: number;
  /** Attempt limits (tests lower them). */
  limits?: Partial<ThrottleLimits>;
  /**
   * The proxies in front of the gateway whose X-Forwarded-For gives the caller's address (throttling per
   * address): how many (hops, counted from the gateway) or their addresses and CIDR ranges
   * (`GATEWAY_TRUST_PROXY`). Default: none, the caller is the connection's peer.
   */
  trustProxy?: number | readonly string[];
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: { write: (line: string) => void };
  /** Largest document or report file accepted (413 beyond); default: the manifest's constants.documents. */
  maxUploadBytes?: number;
  /** Extra folders attached to Paul (GATEWAY_SEED_FOLDERS), for the folder bench and e2e. Default 0. */
  seedFolders?: number;
  /**
   * Demo mode, for the scale bench: documents spread over those folders (GATEWAY_SEED_DOCUMENTS), customers
   * on them (GATEWAY_SEED_USERS) and notifications for Claire (GATEWAY_SEED_NOTIFICATIONS). Default 0.
   */
  seedDocuments?: number;
  seedUsers?: number;
  seedNotifications?: number;
  /** Days a notification is kept (GATEWAY_NOTIFICATION_RETENTION_DAYS); default 180. */
  notificationRetentionDays?: number;
  /** Days an analytics event is kept (GATEWAY_ANALYTICS_RETENTION_DAYS); default 90. */
  analyticsRetentionDays?: number;
  /**
   * The key the portal's analytics sink sends (its VITE_ANALYTICS_KEY); without one the collector refuses
   * every batch. GATEWAY_ANALYTICS_KEY, else the VITE_ANALYTICS_KEY the portal is built with.
   */
  analyticsKey?: string;
  /** Days an invitation to an entity waits for its answer (GATEWAY_INVITATION_DAYS). Default 30. */
  invitationDays?: number;
  /** Days an answered or expired invitation is kept before it is purged (GATEWAY_INVITATION_RETENTION_DAYS). Default 90. */
  invitationRetentionDays?: number;
  /**
   * This instance's name, sent in an `X-Gateway-Instance` header on every answer (`GATEWAY_INSTANCE_NAME`),
   * so a test of several instances behind a balancer sees which one answered. No header when unset.
   */
  instanceName?: string;
  /** Inbox rows older than this are deleted (GATEWAY_INBOX_DAYS). Default 30. */
  inboxRetentionDays?: number;
  /** At most this many inbox rows are kept, the newest (GATEWAY_INBOX_MAX_ROWS). Default 10,000. */
  inboxMaxRows?: number;
  /**
   * The accounting software's API (`GATEWAY_ACCOUNTING_API_URL`), Pennylane's v2 base, e.g.
   * https://app.pennylane.com/api/external/v2. Unset: no documents v2 source (the page says so), except in
   * demo mode, where a local server stands in for it on a loopback port.
   */
  accountingApiUrl?: string;
  /** Minutes between two scheduled syncs of every entity with a key (`GATEWAY_ACCOUNTING_SYNC_MINUTES`). Default 60. */
  accountingSyncMinutes?: number;
};

export function optionsFromEnv(env: NodeJS.ProcessEnv, argv: readonly string[]): GatewayOptions {
  const origin = env['GATEWAY_USER_ORIGIN']?.toUpperCase();
  const ttl = Number(env['GATEWAY_TOKEN_TTL_S'] ?? 3600);
  const port = Number(env['GATEWAY_PORT'] ?? 4010);
  if (!Number.isInteger(ttl) || ttl < 1) throw new Error('GATEWAY_TOKEN_TTL_S must be a positive integer');
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error('GATEWAY_PORT must be a port number');
  const maxAge = Number(env['GATEWAY_SESSION_MAX_AGE_S'] ?? 12 * 3600);
  if (!Number.isInteger(maxAge) || maxAge < 1)
    throw new Error('GATEWAY_SESSION_MAX_AGE_S must be a positive integer');
  const grace = Number(env['GATEWAY_REFRESH_GRACE_MS'] ?? 30_000);
  if (!Number.isInteger(grace) || grace < 0)
    throw new Error('GATEWAY_REFRESH_GRACE_MS must be a non-negative integer');
  const level = env['GATEWAY_LOG_LEVEL'];
  const inboxRetentionDays = positiveOf(env, 'GATEWAY_INBOX_DAYS');
  const inboxMaxRows = positiveOf(env, 'GATEWAY_INBOX_MAX_ROWS');
  const dataDir = dataDirFromEnv(env);
  const secret = secretOf(env['GATEWAY_SECRET']);
  const jwk = env['GATEWAY_OIDC_JWK']?.trim();
  const databaseUrl = databaseUrlOf(env['GATEWAY_DATABASE_URL']);
  const databasePool = positiveOf(env, 'GATEWAY_DATABASE_POOL');
  // A start on a fresh database holds the seed's lock in one transaction while the seeds write on another
  // connection (db/postgres.ts withSeedLock): a pool of one would wait for itself.
  if (databasePool !== undefined && databasePool < 2)
    throw new Error('GATEWAY_DATABASE_POOL must be at least 2 (the seed holds a lock on one connection)');
  const instanceName = instanceNameOf(env['GATEWAY_INSTANCE_NAME']);
  const demoToday = demoTodayOf(env);
  const syncMinutes = positiveOf(env, 'GATEWAY_ACCOUNTING_SYNC_MINUTES');
  return {
    port,
    host: hostOf(env['GATEWAY_HOST']),
    dataDir,
    ...(databaseUrl === undefined ? {} : { databaseUrl }),
    ...(databasePool === undefined ? {} : { databasePool }),
    filesDir: env['GATEWAY_FILES_DIR']
      ? resolve(REPO_ROOT, env['GATEWAY_FILES_DIR'])
      : join(dataDir, 'files'),
    tokenTtlS: ttl,
    sessionMaxAgeS: maxAge,
    refreshGraceMs: grace,
    userOrigin: origin === 'COLLAB' ? 'COLLAB' : 'CLIENT',
    faults: env['GATEWAY_FAULTS'] === 'on',
    demo: env['GATEWAY_DEMO'] === 'on',
    ...(demoToday === undefined ? {} : { demoToday }),
    trustProxy: trustProxyOf(env['GATEWAY_TRUST_PROXY']),
    allowedHosts: (env['GATEWAY_ALLOWED_HOSTS'] ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter((host) => host !== ''),
    ...(env['GATEWAY_ISSUER'] ? { issuer: env['GATEWAY_ISSUER'] } : {}),
    ...(secret === undefined ? {} : { secret }),
    ...(jwk ? { oidcJwk: parseSigningJwk(valueOrFile(jwk, 'GATEWAY_OIDC_JWK'), 'GATEWAY_OIDC_JWK') } : {}),
    ...(env['GATEWAY_MANIFEST'] ? { manifestPath: resolve(REPO_ROOT, env['GATEWAY_MANIFEST']) } : {}),
    ...(env['GATEWAY_PORTAL_URL'] ? { portalUrl: env['GATEWAY_PORTAL_URL'] } : {}),
    reset: argv.includes('--reset'),
    logLevel:
      level === 'fatal' || level === 'error' || level === 'warn' || level === 'debug' ? level : 'info',
    logRequests: env['GATEWAY_LOG_REQUESTS'] === 'on',
    ...(env['GATEWAY_MAX_UPLOAD_BYTES'] ? { maxUploadBytes: Number(env['GATEWAY_MAX_UPLOAD_BYTES']) } : {}),
    seedFolders: seedCountOf(env, 'GATEWAY_SEED_FOLDERS', 100_000),
    seedDocuments: seedCountOf(env, 'GATEWAY_SEED_DOCUMENTS', 2_000_000),
    seedUsers: seedCountOf(env, 'GATEWAY_SEED_USERS', 100_000),
    seedNotifications: seedCountOf(env, 'GATEWAY_SEED_NOTIFICATIONS', 1_000_000),
    ...daysOf(env, 'GATEWAY_INVITATION_DAYS', 'invitationDays'),
    ...daysOf(env, 'GATEWAY_INVITATION_RETENTION_DAYS', 'invitationRetentionDays'),
    ...(inboxRetentionDays === undefined ? {} : { inboxRetentionDays }),
    ...(inboxMaxRows === undefined ? {} : { inboxMaxRows }),
    ...daysOf(env, 'GATEWAY_NOTIFICATION_RETENTION_DAYS', 'notificationRetentionDays'),
    ...daysOf(env, 'GATEWAY_ANALYTICS_RETENTION_DAYS', 'analyticsRetentionDays'),
    ...analyticsKeyOf(env),
    ...(instanceName === undefined ? {} : { instanceName }),
    ...accountingApiOf(env['GATEWAY_ACCOUNTING_API_URL']),
    ...(syncMinutes === undefined ? {} : { accountingSyncMinutes: syncMinutes }),
  };
}

/** `GATEWAY_ACCOUNTING_API_URL`: an http(s) URL, without credentials in it (the keys are per entity, stored). */
function accountingApiOf(value: string | undefined): { accountingApiUrl?: string } {
  const text = value?.trim();
  if (!text) return {};
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(
      'GATEWAY_ACCOUNTING_API_URL is not a URL: give https://app.pennylane.com/api/external/v2',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error('GATEWAY_ACCOUNTING_API_URL must be an http(s) URL');
  if (url.username !== '' || url.password !== '')
    throw new Error('GATEWAY_ACCOUNTING_API_URL must not hold a key: each entity has its own, stored');
  return { accountingApiUrl: text };
}

/**
 * `GATEWAY_DEMO_TODAY`: a calendar day, YYYY-MM-DD, with demo mode on. Refused without it rather than
 * ignored: the day dates figures a person reads (the treasury's day, its staleness), and a deployment that
 * set it believing it applied would show real figures under a date it never chose, or the reverse.
 */
function demoTodayOf(env: NodeJS.ProcessEnv): string | undefined {
  const text = env['GATEWAY_DEMO_TODAY']?.trim();
  if (!text) return undefined;
  if (!isCalendarDay(text))
    throw new Error(`GATEWAY_DEMO_TODAY must be a calendar day written YYYY-MM-DD (got "${text}")`);
  if (env['GATEWAY_DEMO'] !== 'on')
    throw new Error(
      'GATEWAY_DEMO_TODAY dates the demo seed: it needs GATEWAY_DEMO=on (unset it, or turn demo mode on)',
    );
  return text;
}

/** `2026-11-02`: four-two-two digits naming a day that exists (no 2026-02-30). */
function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/**
 * The clock of the demo seed and of the figures derived from it: midnight UTC of `demoToday` when set
 * (the same instant on every run), else the real time. Options built in code are checked as the
 * environment is: a day without demo mode stops the start.
 */
export function demoClockOf(options: Pick<GatewayOptions, 'demo' | 'demoToday'>): () => Date {
  const day = options.demoToday;
  if (day === undefined) return () => new Date();
  if (!isCalendarDay(day))
    throw new Error(`demoToday must be a calendar day written YYYY-MM-DD (got "${day}")`);
  if (!(options.demo ?? false)) throw new Error('demoToday dates the demo seed: it needs demo mode on');
  const instant = Date.parse(`${day}T00:00:00.000Z`);
  return () => new Date(instant);
}

/** `GATEWAY_INSTANCE_NAME`: a short name that is a valid header value as it is (letters, digits, . _ -). */
function instanceNameOf(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(text))
    throw new Error('GATEWAY_INSTANCE_NAME must be 1 to 64 letters, digits, dots, dashes or underscores');
  return text;
}

/** The portal's key: set for the gateway, else in the environment or the .env file of its build. */
function analyticsKeyOf(env: NodeJS.ProcessEnv): { analyticsKey?: string } {
  const fromEnv = env['GATEWAY_ANALYTICS_KEY'] ?? env['VITE_ANALYTICS_KEY'];
  if (fromEnv?.trim()) return { analyticsKey: fromEnv.trim() };
  const dotEnv = join(REPO_ROOT, '.env');
  if (!existsSync(dotEnv)) return {};
  const line = readFileSync(dotEnv, 'utf8')
    .split('\n')
    .find((candidate) => candidate.startsWith('VITE_ANALYTICS_KEY='));
  const key = line?.slice('VITE_ANALYTICS_KEY='.length).trim();
  return key ? { analyticsKey: key } : {};
}

/** A number of days from the environment, or nothing (the store's default) when unset. */
function daysOf<
  K extends
    'invitationDays' | 'invitationRetentionDays' | 'notificationRetentionDays' | 'analyticsRetentionDays',
>(env: NodeJS.ProcessEnv, name: string, key: K): Partial<Record<K, number>> {
  const value = env[name];
  if (value === undefined || value === '') return {};
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1 || days > 36500)
    throw new Error(`${name} must be a whole number of days from 1 to 36500`);
  return { [key]: days } as Partial<Record<K, number>>;
}

/**
 * GATEWAY_DATA_DIR, else a default per mode: `npm start` (demo) and `npm run gateway` never share a
 * database by accident (a demo-seeded one would be refused anyway, see db/data-mode.ts).
 */
export function dataDirFromEnv(env: NodeJS.ProcessEnv): string {
  const fallback = env['GATEWAY_DEMO'] === 'on' ? '.data/demo-gateway' : '.data/gateway';
  return resolve(REPO_ROOT, env['GATEWAY_DATA_DIR'] ?? fallback);
}

/** The files dir of a gateway's options: the configured one, else `files` in the data dir. */
export function filesDirOf(options: Pick<GatewayOptions, 'dataDir' | 'filesDir'>): string {
  return options.filesDir ?? join(options.dataDir, 'files');
}

const HOST_NAME = /^(?=.{1,253}$)[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?)*$/i;

/** `GATEWAY_HOST`: an IPv4 or IPv6 address (`0.0.0.0`, `::` for every interface) or a host name. */
function hostOf(value: string | undefined): string {
  if (value === undefined || value === '') return '127.0.0.1';
  if (isIP(value) !== 0 || HOST_NAME.test(value)) return value;
  throw new Error(
    `GATEWAY_HOST: ${JSON.stringify(value)} is not an IP address or a host name (e.g. 127.0.0.1, 0.0.0.0, ::)`,
  );
}

/** A value given inline, or `@/path/to/file`: the file's content, trimmed. */
function valueOrFile(value: string, name: string): string {
  if (!value.startsWith('@')) return value;
  const path = value.slice(1);
  let content: string;
  try {
    content = readFileSync(path, 'utf8').trim();
  } catch (error) {
    throw new Error(`${name}: cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  if (content === '') throw new Error(`${name}: ${path} is empty`);
  return content;
}

/**
 * `GATEWAY_DATABASE_URL`: a postgres:// (or postgresql://) URL, inline or `@/path/to/file`; unset or
 * empty: SQLite. Its password never appears in the messages.
 */
function databaseUrlOf(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const url = valueOrFile(text, 'GATEWAY_DATABASE_URL');
  const example = 'postgres://user:password@host:5432/database';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`GATEWAY_DATABASE_URL is not a URL: give ${example}`);
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')
    throw new Error(
      `GATEWAY_DATABASE_URL: ${parsed.protocol}// is not a PostgreSQL URL (postgres:// or postgresql://): give ${example}, or unset it for SQLite in the data dir`,
    );
  if (parsed.hostname === '' && !parsed.searchParams.has('host'))
    throw new Error(`GATEWAY_DATABASE_URL names no host: give ${example}`);
  return url;
}

/** `GATEWAY_SECRET`, inline or `@/path/to/file`; unset: the data dir's key. */
function secretOf(value: string | undefined): string | undefined {
  return value ? valueOrFile(value, 'GATEWAY_SECRET') : undefined;
}

/** A positive integer from the environment, or undefined when unset. */
function positiveOf(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) throw new Error(`${name} must be a positive integer`);
  return count;
}

function seedCountOf(env: NodeJS.ProcessEnv, name: string, max: number): number {
  const count = Number(env[name] ?? 0);
  if (!Number.isInteger(count) || count < 0 || count > max)
    throw new Error(`${name} must be an integer from 0 to ${String(max)}`);
  return count;
}

/** What a demo seed adds for the benches (all 0 outside demo mode: seedModules ignores it there). */
export function seedVolumeOf(options: GatewayOptions): SeedVolume {
  return {
    folders: options.seedFolders ?? 0,
    documents: options.seedDocuments ?? 0,
    users: options.seedUsers ?? 0,
    notifications: options.seedNotifications ?? 0,
  };
}

/**
 * `GATEWAY_TRUST_PROXY`: a hop count (`1`: the one proxy in front) or a comma-separated list of the
 * proxies' addresses and CIDR ranges; empty, `0` or `off`: none.
 */
function trustProxyOf(value: string | undefined): number | string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'off') return 0;
  if (/^\d+$/.test(text)) return Number(text);
  // `on` trusted every X-Forwarded-For, whoever sent it: a client could pick the address it is counted
  // under. Refused rather than guessed, so a deployment that set it says which proxies it has.
  if (text === 'on')
    throw new Error(
      'GATEWAY_TRUST_PROXY=on is no longer accepted: set the number of proxies in front of the gateway (1) or their addresses (127.0.0.1,10.0.0.0/8)',
    );
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries)
    if (!isAddressOrRange(entry))
      throw new Error(
        `GATEWAY_TRUST_PROXY: ${entry === '' ? 'an empty entry' : entry} is not an address or CIDR range`,
      );
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The trust function Fastify asks for each address from the connection's peer leftwards (hop 0 is the
 * peer). Fastify's own number setting trusts nothing (it cannot check the peer), so a hop count is a
 * function here; a list trusts a hop while it is one of the proxies.
 */
export function proxyTrust(
  setting: GatewayOptions['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (setting === undefined || setting === 0) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return [...setting];
}
