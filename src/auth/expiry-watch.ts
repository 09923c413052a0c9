import type { Logger } from '../logging/logger.ts';
import { getTokenExpiry } from '../session/token.ts';
import type { TokenStore } from '../session/token-storage.ts';

// setTimeout cannot wait longer than about 24.8 days (2^31 - 1 ms).
const MAX_TIMER_MS = 2_147_483_647;

export type ExpiryWatch = {
  /** Watches the current token (again): the previous watch, if any, is replaced. */
  start(): void;
  stop(): void;
};

/**
 * Ends a session when its token expires with nothing to replace it (SPEC 4 'Session expiry'). The check
 * runs one second after the token's expiry: a refresh made meanwhile has replaced the token, and the
 * watch then follows the new one.
 */
export function createExpiryWatch(deps: {
  tokenStore: TokenStore;
  logger: Logger;
  isAuthenticated: () => boolean;
  onExpired: () => void;
  schedule: (callback: () => void, ms: number) => unknown;
  cancel: (handle: unknown) => void;
  now: () => number;
}): ExpiryWatch {
  const { tokenStore, logger } = deps;
  let timer: unknown = null;

  function stop(): void {
    if (timer !== null) deps.cancel(timer);
    timer = null;
  }

  function start(): void {
    stop();
    const token = tokenStore.get();
    if (token === null) return;
    const delay = Math.min(
      MAX_TIMER_MS,
      Math.max(0, getTokenExpiry(token, logger) * 1000 - deps.now() + 1000),
    );
    timer = deps.schedule(() => {
      timer = null;
      if (!deps.isAuthenticated()) return;
      if (tokenStore.get() === null) {
        logger.info('The session token expired');
        deps.onExpired();
      } else {
        start();
      }
    }, delay);
  }

  return { start, stop };
}
