// Attempts per key (an account, an address) in a sliding window. An attempt is counted when it starts,
// before any password is hashed, so a burst sent at once is cut off at the limit instead of being let
// through while the first answers are still being computed; a success gives its attempt back.
import { HttpError } from '../http/http-error.ts';

export type Limit = { max: number; windowMs: number };

export class TooManyRequests extends HttpError {
  readonly retryAfterS: number;

  constructor(retryAfterS: number) {
    // The wait in the header (RFC 9110) and in the body, where the portal reads it.
    super(429, 'too_many_requests', `Too many attempts; try again in ${String(retryAfterS)} s.`, {
      details: { retryAfterS },
      headers: { 'Retry-After': String(retryAfterS) },
    });
    this.retryAfterS = retryAfterS;
  }
}

const MAX_KEYS = 100_000;

export function createThrottle(now: () => number = Date.now) {
  const attempts = new Map<string, number[]>();

  function live(key: string, windowMs: number): number[] {
    const since = now() - windowMs;
    const list = (attempts.get(key) ?? []).filter((at) => at > since);
    if (list.length === 0) attempts.delete(key);
    else attempts.set(key, list);
    return list;
  }

  /**
   * Counts one attempt under every key, or throws 429 with the wait until the earliest key frees a place.
   * Answers a function that gives the attempt back (a successful sign-in is not held against anyone).
   */
  function take(keys: readonly (readonly [string, Limit])[]): () => void {
    let waitMs = 0;
    for (const [key, limit] of keys) {
      const list = live(key, limit.windowMs);
      if (list.length >= limit.max) waitMs = Math.max(waitMs, (list[0] ?? now()) + limit.windowMs - now());
    }
    if (waitMs > 0) throw new TooManyRequests(Math.max(1, Math.ceil(waitMs / 1000)));
    if (attempts.size > MAX_KEYS) attempts.clear(); // a flood of distinct keys must not grow memory forever
    const at = now();
    for (const [key] of keys) attempts.set(key, [...(attempts.get(key) ?? []), at]);
    return () => {
      for (const [key] of keys) {
        const list = attempts.get(key);
        const index = list?.indexOf(at) ?? -1;
        if (list && index >= 0) list.splice(index, 1);
      }
    };
  }

  /** Forgets every attempt of a key (a password that was reset). */
  function clear(key: string): void {
    attempts.delete(key);
  }

  /** Forgets everything (a reseed). */
  function reset(): void {
    attempts.clear();
  }

  return { take, clear, reset };
}

export type Throttle = ReturnType<typeof createThrottle>;

export type ThrottleLimits = {
  /** Wrong passwords per account (login and the OIDC password step together). */
  loginPerAccount: Limit;
  /** Sign-in attempts per address that did not succeed. */
  loginPerAddress: Limit;
  /** Reset requests per address. */
  resetPerAddress: Limit;
  /** Reset e-mails per e-mail address (more requests answer 204 and send nothing). */
  resetMailPerAccount: Limit;
  /** New-password attempts per address (reset tokens guessed). */
  newPasswordPerAddress: Limit;
};

const MINUTE = 60_000;

export const DEFAULT_LIMITS: ThrottleLimits = {
  loginPerAccount: { max: 5, windowMs: 15 * MINUTE },
  loginPerAddress: { max: 20, windowMs: 15 * MINUTE },
  resetPerAddress: { max: 10, windowMs: 15 * MINUTE },
  resetMailPerAccount: { max: 1, windowMs: 5 * MINUTE },
  newPasswordPerAddress: { max: 10, windowMs: 15 * MINUTE },
};
