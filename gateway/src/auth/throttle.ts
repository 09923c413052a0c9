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

/** Keys kept at most: past it the least recently used go first (a few MiB at this size). */
export const MAX_KEYS = 100_000;

export function createThrottle(now: () => number = Date.now, maxKeys: number = MAX_KEYS) {
  // A Map iterates in insertion order: every use re-inserts its key, so the first keys are the least
  // recently used ones, and those are what a full map lets go of.
  const attempts = new Map<string, number[]>();

  function live(key: string, windowMs: number): number[] {
    const since = now() - windowMs;
    const list = (attempts.get(key) ?? []).filter((at) => at > since);
    attempts.delete(key);
    if (list.length > 0) attempts.set(key, list);
    return list;
  }

  function record(key: string, at: number): void {
    const list = attempts.get(key) ?? [];
    attempts.delete(key);
    attempts.set(key, [...list, at]);
    // Emptying the whole map here would let a flood of new keys wipe every counter, the flooder's
    // included; letting the least recently used go keeps the keys still being tried, which a flooder's
    // own key is: each refused attempt uses it again.
    for (const oldest of attempts.keys()) {
      if (attempts.size <= maxKeys) break;
      attempts.delete(oldest);
    }
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
    const at = now();
    for (const [key] of keys) record(key, at);
    return () => {
      for (const [key] of keys) {
        const list = attempts.get(key);
        const index = list?.indexOf(at) ?? -1;
        if (list && index >= 0) list.splice(index, 1);
      }
    };
  }

  /** Notes that something happened under a key (a good sign-in from an address), for `happened`. */
  function note(key: string): void {
    attempts.delete(key);
    record(key, now());
  }

  /** Whether `note` was called for the key within the window (and the key was not let go since). */
  function happened(key: string, windowMs: number): boolean {
    return live(key, windowMs).length > 0;
  }

  /** Forgets every attempt of a key (a password that was reset). */
  function clear(key: string): void {
    attempts.delete(key);
  }

  /** Forgets everything (a reseed). */
  function reset(): void {
    attempts.clear();
  }

  /** How many keys are held (tests check the bound). */
  function size(): number {
    return attempts.size;
  }

  return { take, note, happened, clear, reset, size };
}

export type Throttle = ReturnType<typeof createThrottle>;

export type ThrottleLimits = {
  /**
   * Failed sign-ins per account from one address (login and the OIDC password step together): the
   * machine guessing one person's password is stopped, the person elsewhere is not.
   */
  loginPerAccountAddress: Limit;
  /** Failed sign-ins per address, whatever the accounts (unknown e-mails included). */
  loginPerAddress: Limit;
  /**
   * Failed sign-ins per account from every address together, against guessing spread over many machines.
   * Much higher than the others, and it never applies to an address the account signed in from within
   * `knownAddressMs`: a sustained spread attack cannot keep the person out of their usual machine.
   */
  loginPerAccount: Limit;
  /** How long a good sign-in from an address exempts that account and address from `loginPerAccount`. */
  knownAddressMs: number;
  /** Reset requests per address. */
  resetPerAddress: Limit;
  /** Reset e-mails per e-mail address (more requests answer 204 and send nothing). */
  resetMailPerAccount: Limit;
  /** New-password attempts per address (reset tokens guessed). */
  newPasswordPerAddress: Limit;
};

const MINUTE = 60_000;

export const DEFAULT_LIMITS: ThrottleLimits = {
  loginPerAccountAddress: { max: 5, windowMs: 15 * MINUTE },
  loginPerAddress: { max: 20, windowMs: 15 * MINUTE },
  loginPerAccount: { max: 100, windowMs: 15 * MINUTE },
  knownAddressMs: 30 * 24 * 60 * MINUTE,
  resetPerAddress: { max: 10, windowMs: 15 * MINUTE },
  resetMailPerAccount: { max: 1, windowMs: 5 * MINUTE },
  newPasswordPerAddress: { max: 10, windowMs: 15 * MINUTE },
};
