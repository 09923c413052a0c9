// Attempts per key (an account, an address) in a sliding window. An attempt is counted when it starts,
// before any password is hashed, so a burst sent at once is cut off at the limit instead of being let
// through while the first answers are still being computed; a success gives its attempt back.
import { type Db, inTransaction } from '../db/connection.ts';
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

/** How often (at most) a process deletes the rows whose windows have all passed. */
const PURGE_EVERY_MS = 60_000;

const TABLE = 'throttle_counters';

function attemptsOf(row: { attempts: string } | undefined): number[] {
  if (row === undefined) return [];
  const parsed: unknown = JSON.parse(row.attempts);
  return Array.isArray(parsed) ? parsed.filter((at): at is number => typeof at === 'number') : [];
}

/**
 * The counters live in the database (table throttle_counters, one row per key), so that every gateway
 * instance on it counts the same attempts: a burst spread over several instances is cut off at the same
 * limit as one sent to a single instance.
 *
 * The in-process version kept at most MAX_KEYS keys and let the least recently used go, to bound its
 * memory under a flood of new keys. There is no such bound any more, and no LRU: a row costs disk, not
 * the process's memory, and lives only until the end of the longest window it was counted in (then the
 * periodic purge deletes it). A flood of new keys therefore never lets any counter go early, the
 * flooder's own included; what it costs is rows, as many as keys tried within a window.
 *
 * Every read-modify-write of a key runs in one transaction that first writes the key's row (an upsert
 * that changes nothing): on PostgreSQL that locks the row until the commit, on SQLite it takes the write
 * lock before anything is read (a transaction that read first could not write after another connection's
 * write), so concurrent attempts on one key, from any instance, are counted one after the other.
 */
export function createThrottle(db: Db, now: () => number = Date.now) {
  let purgedAt = Number.NEGATIVE_INFINITY;

  async function purge(): Promise<void> {
    const at = now();
    if (at - purgedAt < PURGE_EVERY_MS) return;
    purgedAt = at;
    await db.deleteFrom(TABLE).where('expires_at_ms', '<=', at).execute();
  }

  /**
   * Takes the keys' rows (made when missing) and answers their attempts, in a fixed order so that two
   * takes never wait for each other.
   */
  async function lock(trx: Db, keys: readonly string[]): Promise<Map<string, number[]>> {
    const sorted = [...new Set(keys)].sort();
    if (sorted.length === 0) return new Map();
    for (const key of sorted)
      await trx
        .insertInto(TABLE)
        .values({ key, attempts: '[]', expires_at_ms: 0 })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet((eb) => ({ expires_at_ms: eb.ref(`${TABLE}.expires_at_ms`) })),
        )
        .execute();
    const rows = await trx.selectFrom(TABLE).select(['key', 'attempts']).where('key', 'in', sorted).execute();
    return new Map(rows.map((row) => [row.key, attemptsOf(row)]));
  }

  /** Writes a key's attempts; with `keepUntilMs`, the row lives at least that long (never shorter than it did). */
  async function write(
    trx: Db,
    key: string,
    attempts: readonly number[],
    keepUntilMs?: number,
  ): Promise<void> {
    await trx
      .updateTable(TABLE)
      .set((eb) => ({
        attempts: JSON.stringify(attempts),
        ...(keepUntilMs === undefined
          ? {}
          : {
              expires_at_ms: eb
                .case()
                .when('expires_at_ms', '>', keepUntilMs)
                .then(eb.ref('expires_at_ms'))
                .else(keepUntilMs)
                .end(),
            }),
      }))
      .where('key', '=', key)
      .execute();
  }

  /**
   * Counts one attempt under every key, or throws 429 with the wait until the earliest key frees a place.
   * Answers a function that gives the attempt back (a successful sign-in is not held against anyone).
   */
  async function take(keys: readonly (readonly [string, Limit])[]): Promise<() => Promise<void>> {
    await purge();
    const at = now();
    await inTransaction(db, async (trx) => {
      const held = await lock(
        trx,
        keys.map(([key]) => key),
      );
      let waitMs = 0;
      const kept = keys.map(([key, limit]) => {
        const list = (held.get(key) ?? []).filter((moment) => moment > at - limit.windowMs);
        if (list.length >= limit.max) waitMs = Math.max(waitMs, (list[0] ?? at) + limit.windowMs - at);
        // The row lives until the end of the longest window it is counted in.
        return [key, list, at + limit.windowMs] as const;
      });
      // Thrown inside the transaction: it rolls back, and the rows it made for new keys with it.
      if (waitMs > 0) throw new TooManyRequests(Math.max(1, Math.ceil(waitMs / 1000)));
      for (const [key, list, expiresAtMs] of kept) await write(trx, key, [...list, at], expiresAtMs);
    });
    return async () => {
      await inTransaction(db, async (trx) => {
        const held = await lock(
          trx,
          keys.map(([key]) => key),
        );
        for (const [key, list] of held) {
          const index = list.indexOf(at);
          if (index < 0) continue;
          list.splice(index, 1);
          await write(trx, key, list);
        }
      });
    };
  }

  /** Notes that something happened under a key (a good sign-in from an address), for `happened` within `keepMs`. */
  async function note(key: string, keepMs: number): Promise<void> {
    const at = now();
    await db
      .insertInto(TABLE)
      .values({ key, attempts: JSON.stringify([at]), expires_at_ms: at + keepMs })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet((eb) => ({
          attempts: eb.ref('excluded.attempts'),
          expires_at_ms: eb.ref('excluded.expires_at_ms'),
        })),
      )
      .execute();
  }

  /** Whether `note` was called for the key within the window. */
  async function happened(key: string, windowMs: number): Promise<boolean> {
    const row = await db.selectFrom(TABLE).select('attempts').where('key', '=', key).executeTakeFirst();
    const since = now() - windowMs;
    return attemptsOf(row).some((at) => at > since);
  }

  /** Forgets every attempt of a key (a password that was reset). */
  async function clear(key: string): Promise<void> {
    await db.deleteFrom(TABLE).where('key', '=', key).execute();
  }

  /** Forgets everything (a reseed). */
  async function reset(): Promise<void> {
    await db.deleteFrom(TABLE).execute();
  }

  /** How many keys are held, purged ones excepted (tests check the purge). */
  async function size(): Promise<number> {
    const row = await db
      .selectFrom(TABLE)
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
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
