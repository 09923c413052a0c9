import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;

export type ScryptParams = { N: number; r: number; p: number };

/**
 * OWASP Password Storage Cheat Sheet: scrypt with N=2^17, r=8, p=1 (128 MiB) or one of its equivalents;
 * this is its N=2^13, r=8, p=10 line: the same work for 8 MiB per hash, which runs faster than the 128 MiB
 * one on a small shared machine (measured here: 459 ms against 713 ms) and lets several run at once.
 */
export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 13, r: 8, p: 10 };

/** Hashes running at once; more wait their turn, and past the queue's length the call is refused. */
export type HashLimits = { concurrency: number; queue: number };

export class HashQueueFull extends Error {
  override readonly name = 'HashQueueFull';
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem: 128 · N · r bytes, with room to spare (Node's default is 32 MiB).
    const maxmem = 256 * params.N * params.r;
    scrypt(password, salt, KEY_LENGTH, { ...params, maxmem }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** Salted scrypt hashes `scrypt$N$r$p$salt$hash` (base64url), with a bound on the hashes running at once. */
export function createPasswordHasher(
  params: ScryptParams = OWASP_SCRYPT,
  limits: HashLimits = { concurrency: 2, queue: 64 },
) {
  let running = 0;
  const waiting: (() => void)[] = [];

  // A burst of wrong passwords takes turns with the good ones instead of filling libuv's four threads.
  async function bounded<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limits.concurrency) {
      if (waiting.length >= limits.queue) throw new HashQueueFull('too many passwords are being checked');
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else running += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }

  // Used when the e-mail is unknown so that the answer takes as long as for a known one.
  const decoy = format(params, randomBytes(16), randomBytes(KEY_LENGTH));

  function format(used: ScryptParams, salt: Buffer, key: Buffer): string {
    return ['scrypt', used.N, used.r, used.p, salt.toString('base64url'), key.toString('base64url')].join(
      '$',
    );
  }

  async function hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    return format(params, salt, await bounded(() => derive(password, salt, params)));
  }

  async function verify(password: string, stored: string | undefined): Promise<boolean> {
    const [scheme, N, r, p, salt, expectedHash] = (stored ?? decoy).split('$');
    if (scheme !== 'scrypt' || !N || !r || !p || !salt || !expectedHash) {
      await bounded(() => derive(password, randomBytes(16), params));
      return false;
    }
    const expected = Buffer.from(expectedHash, 'base64url');
    const actual = await bounded(() =>
      derive(password, Buffer.from(salt, 'base64url'), { N: Number(N), r: Number(r), p: Number(p) }),
    );
    return stored !== undefined && expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  /** A hash made with weaker parameters than today's: re-hashed at the next good sign-in. */
  function needsRehash(stored: string): boolean {
    const [scheme, N, r, p] = stored.split('$');
    if (scheme !== 'scrypt') return false;
    return Number(N) * Number(r) * Number(p) < params.N * params.r * params.p;
  }

  return { hash, verify, needsRehash, params };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;

/** A hash that no password matches: for users created without one (they use the reset flow). */
export function unusablePasswordHash(): string {
  return `!unusable$${randomBytes(16).toString('base64url')}`;
}
