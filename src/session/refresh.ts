import type { Logger } from '../logging/logger.ts';
import { logger as sharedLogger } from '../logging/logger.ts';
import type { TokenStore } from './token-storage.ts';
import { expiresWithin, isTokenActive } from './token.ts';

/** A refresh answered with something that is not a valid, active token (SPEC section 5). */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
  constructor(message = 'The token refresh did not return a valid token') {
    super(message);
  }
}

export type TokenRefresher = {
  /**
   * The token to send: refreshed first when it expires within the buffer, or the refresh in
   * progress awaited. Never rejects: a failed refresh keeps (and returns) the current token.
   */
  ensureFreshToken(): Promise<string | null>;
  /** Forces a refresh now, sharing one already in progress; never rejects. */
  refreshNow(): Promise<string | null>;
  /** Waits for a refresh in progress, if any, then returns the stored token. */
  settled(): Promise<string | null>;
  /** The error of the last refresh, null after a success or before any. */
  lastError(): Error | null;
};

export type TokenRefresherOptions = {
  store: Pick<TokenStore, 'get' | 'set' | 'signOutCount'> & Partial<Pick<TokenStore, 'now'>>;
  /** Calls the refresh endpoint with the current token and resolves to the new token; `signal` aborts it. */
  refresh: (currentToken: string, signal: AbortSignal) => Promise<string>;
  /** A refresh unanswered after this long is given up (the current token is kept); 10 s by default. */
  timeoutMs?: number;
  bufferMs: number;
  logger?: Logger;
  /** Defaults to the store's skew-corrected clock, else Date.now. */
  now?: () => number;
  /** After a failed silent refresh, requests use the current token this long before trying again. */
  retryAfterMs?: number;
};

const DEFAULT_RETRY_AFTER_MS = 30_000;
const DEFAULT_TIMEOUT_MS = 10_000;

/** The refresh was given up: the gateway accepted the call and never answered in time. */
class RefreshTimeoutError extends Error {
  override readonly name = 'RefreshTimeoutError';
  constructor(ms: number) {
    super(`The token refresh was not answered within ${String(ms)} ms`);
  }
}

/** `refresh` raced against a timer: a hanging gateway cannot hold every request of the portal. */
function withTimeout(
  refresh: TokenRefresherOptions['refresh'],
  current: string,
  ms: number,
): Promise<string> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new RefreshTimeoutError(ms);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  return Promise.race([refresh(current, controller.signal), timeout]).finally(() => clearTimeout(timer));
}

export function createTokenRefresher(options: TokenRefresherOptions): TokenRefresher {
  const { store, refresh, bufferMs } = options;
  const log = options.logger ?? sharedLogger;
  const now = options.now ?? options.store.now ?? Date.now;
  const retryAfterMs = options.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let inflight: Promise<string | null> | null = null;
  let error: Error | null = null;
  let failedAt: number | null = null;

  async function run(current: string): Promise<string | null> {
    // Which session this refresh belongs to: a sign-out (not a mere expiry of the old token) ends it.
    const session = store.signOutCount();
    try {
      const answer = await withTimeout(refresh, current, timeoutMs);
      if (!isTokenActive(answer, now(), log)) throw new InvalidTokenError();
      // A sign-out while the refresh was in flight wins: the session is not brought back. The old token
      // having expired meanwhile (a slow refresh) is no sign-out: the new token is kept.
      if (store.signOutCount() !== session) return store.get();
      store.set(answer);
      error = null;
      failedAt = null;
      return answer;
    } catch (cause) {
      error = cause instanceof Error ? cause : new Error(String(cause));
      failedAt = now();
      log.error('Token refresh failed, keeping the current token', error);
      return store.get();
    }
  }

  function start(current: string): Promise<string | null> {
    inflight ??= run(current).finally(() => {
      inflight = null;
    });
    return inflight;
  }

  return {
    async ensureFreshToken() {
      if (inflight) return inflight;
      const current = store.get();
      if (current === null) return null;
      if (!expiresWithin(current, bufferMs, now(), log)) return current;
      if (failedAt !== null && now() - failedAt < retryAfterMs) return current;
      return start(current);
    },
    async refreshNow() {
      if (inflight) return inflight;
      const current = store.get();
      return current === null ? null : start(current);
    },
    async settled() {
      if (inflight) await inflight;
      return store.get();
    },
    lastError: () => error,
  };
}
