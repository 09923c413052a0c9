import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
const COST = 16384;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function derive(
  password: string,
  salt: Buffer,
  cost: number,
  blockSize: number,
  parallelism: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: cost, r: blockSize, p: parallelism }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** Salted scrypt hash, stored as `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST, BLOCK_SIZE, PARALLELISM);
  return [
    'scrypt',
    COST,
    BLOCK_SIZE,
    PARALLELISM,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** A hash that no password matches: for users created without one (they use the reset flow). */
export function unusablePasswordHash(): string {
  return `!unusable$${randomBytes(16).toString('base64url')}`;
}

// Used when the e-mail is unknown so that the answer takes as long as for a known one.
const DECOY_HASH = `scrypt$${String(COST)}$${String(BLOCK_SIZE)}$${String(PARALLELISM)}$${randomBytes(16).toString('base64url')}$${randomBytes(KEY_LENGTH).toString('base64url')}`;

export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parts = (stored ?? DECOY_HASH).split('$');
  const [scheme, cost, blockSize, parallelism, salt, hash] = parts;
  if (scheme !== 'scrypt' || !cost || !blockSize || !parallelism || !salt || !hash) {
    await derive(password, randomBytes(16), COST, BLOCK_SIZE, PARALLELISM);
    return false;
  }
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    Number(cost),
    Number(blockSize),
    Number(parallelism),
  );
  return stored !== undefined && expected.length === actual.length && timingSafeEqual(expected, actual);
}
