import { createHash, createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';
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

/**
 * The OIDC provider's signing key: the configured one (GATEWAY_OIDC_JWK, the same on every instance), else
 * an RS256 key generated once in the data dir, kept so that tokens survive a restart.
 */
export function oidcSigningJwk(
  dataDir: string,
  configured?: Record<string, unknown>,
): Record<string, unknown> {
  if (configured) return configured;
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

/** The algorithms the provider signs with, by key type: RSA of 2048 bits or more, or EC on P-256. */
const RSA_ALGS = ['RS256', 'PS256'];

/**
 * A private signing JWK from configuration (JSON text), checked so the provider can sign ID tokens with it:
 * an RSA key of at least 2048 bits (RS256, PS256) or an EC key on P-256 (ES256), with its private part,
 * `use` absent or `sig`. Throws an error naming `name` and what is wrong.
 */
export function parseSigningJwk(text: string, name: string): Record<string, unknown> {
  const fail = (message: string): never => {
    throw new Error(`${name}: ${message}`);
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return fail(`not valid JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return fail('must be a JSON object (one private JWK)');
  const jwk = parsed as Record<string, unknown>;
  if (jwk['kty'] !== 'RSA' && jwk['kty'] !== 'EC')
    return fail(`kty must be RSA or EC, not ${JSON.stringify(jwk['kty'])}`);
  if (typeof jwk['d'] !== 'string') return fail('not a private key (no "d" member)');
  if (jwk['use'] !== undefined && jwk['use'] !== 'sig') return fail('use must be "sig" when present');
  let details: { modulusLength?: number; namedCurve?: string } | undefined;
  try {
    details = createPrivateKey({ key: jwk as JsonWebKey, format: 'jwk' }).asymmetricKeyDetails;
  } catch (error) {
    return fail(`not a usable private key (${(error as Error).message})`);
  }
  if (jwk['kty'] === 'RSA') {
    if ((details?.modulusLength ?? 0) < 2048)
      return fail(`an RSA key needs at least 2048 bits, this one has ${String(details?.modulusLength)}`);
    const alg = jwk['alg'];
    if (alg !== undefined && !(typeof alg === 'string' && RSA_ALGS.includes(alg)))
      return fail(`alg of an RSA key must be RS256 or PS256, not ${JSON.stringify(jwk['alg'])}`);
  } else {
    if (jwk['crv'] !== 'P-256')
      return fail(`an EC key must be on the P-256 curve, not ${JSON.stringify(jwk['crv'])}`);
    if (jwk['alg'] !== undefined && jwk['alg'] !== 'ES256')
      return fail(`alg of a P-256 key must be ES256, not ${JSON.stringify(jwk['alg'])}`);
  }
  return jwk;
}

/** The ID token algorithm of a signing key: its `alg`, else RS256 for RSA and ES256 for EC. */
export function signingAlgOf(jwk: Record<string, unknown>): string {
  if (typeof jwk['alg'] === 'string') return jwk['alg'];
  return jwk['kty'] === 'EC' ? 'ES256' : 'RS256';
}
