import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Reads a key file of the data dir, creating it once (mode 0600) when missing. */
function readOrCreate(path: string, create: () => string): string {
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  const value = create();
  writeFileSync(path, value, { mode: 0o600 });
  return value;
}

/** HS256 key of the session tokens: GATEWAY_SECRET, else a random key generated once in the data dir. */
export function sessionSecret(dataDir: string, configured: string | undefined): Uint8Array {
  if (configured) return createHash('sha256').update(configured).digest();
  return Buffer.from(
    readOrCreate(join(dataDir, 'session-secret.key'), () => randomBytes(32).toString('base64url')),
    'base64url',
  );
}

/** RS256 signing key of the OIDC provider's ID tokens, kept so that tokens survive a restart. */
export function oidcSigningJwk(dataDir: string): Record<string, unknown> {
  const json = readOrCreate(join(dataDir, 'oidc-signing-key.json'), () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return JSON.stringify({
      ...privateKey.export({ format: 'jwk' }),
      use: 'sig',
      alg: 'RS256',
      kid: randomBytes(8).toString('hex'),
    });
  });
  return JSON.parse(json) as Record<string, unknown>;
}
