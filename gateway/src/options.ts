import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export type GatewayOptions = {
  /** 0 picks a free port (tests). Default 4010. */
  port?: number;
  dataDir: string;
  tokenTtlS?: number;
  userOrigin?: 'COLLAB' | 'CLIENT';
  /** Enables /__admin (fault injection, news, reset). */
  faults?: boolean;
  /** Default http://127.0.0.1:{port}/oidc. */
  issuer?: string;
  /** HS256 secret of the session tokens; else a random key kept in the data dir. */
  secret?: string;
  /** portal.config.json, read for the collaborator permission codes. */
  manifestPath?: string;
  /** Wipe and reseed the database on start. */
  reset?: boolean;
  /** Base of the links in reset e-mails. Default http://127.0.0.1:5173. */
  portalUrl?: string;
  /** false silences the log (tests); otherwise a pino level. */
  logLevel?: false | 'fatal' | 'error' | 'warn' | 'info' | 'debug';
  logRequests?: boolean;
  /** Extra folders attached to Paul (GATEWAY_SEED_FOLDERS), for the folder bench and e2e. Default 0. */
  seedFolders?: number;
};

export function optionsFromEnv(env: NodeJS.ProcessEnv, argv: readonly string[]): GatewayOptions {
  const origin = env['GATEWAY_USER_ORIGIN']?.toUpperCase();
  const ttl = Number(env['GATEWAY_TOKEN_TTL_S'] ?? 3600);
  const port = Number(env['GATEWAY_PORT'] ?? 4010);
  if (!Number.isInteger(ttl) || ttl < 1) throw new Error('GATEWAY_TOKEN_TTL_S must be a positive integer');
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error('GATEWAY_PORT must be a port number');
  const level = env['GATEWAY_LOG_LEVEL'];
  return {
    port,
    dataDir: resolve(REPO_ROOT, env['GATEWAY_DATA_DIR'] ?? '.data/gateway'),
    tokenTtlS: ttl,
    userOrigin: origin === 'COLLAB' ? 'COLLAB' : 'CLIENT',
    faults: env['GATEWAY_FAULTS'] === 'on',
    ...(env['GATEWAY_ISSUER'] ? { issuer: env['GATEWAY_ISSUER'] } : {}),
    ...(env['GATEWAY_SECRET'] ? { secret: env['GATEWAY_SECRET'] } : {}),
    ...(env['GATEWAY_MANIFEST'] ? { manifestPath: resolve(REPO_ROOT, env['GATEWAY_MANIFEST']) } : {}),
    ...(env['GATEWAY_PORTAL_URL'] ? { portalUrl: env['GATEWAY_PORTAL_URL'] } : {}),
    reset: argv.includes('--reset'),
    logLevel:
      level === 'fatal' || level === 'error' || level === 'warn' || level === 'debug' ? level : 'info',
    logRequests: env['GATEWAY_LOG_REQUESTS'] === 'on',
    seedFolders: seedFoldersOf(env['GATEWAY_SEED_FOLDERS']),
  };
}

function seedFoldersOf(value: string | undefined): number {
  const count = Number(value ?? 0);
  if (!Number.isInteger(count) || count < 0 || count > 100000)
    throw new Error('GATEWAY_SEED_FOLDERS must be an integer from 0 to 100000');
  return count;
}
