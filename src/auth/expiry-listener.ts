/*
 * SPEC 4 'Session expiry', as listeners of the store: a 401 on a request sent with the session's token,
 * or the token running out in an idle tab, ends the session as expired. The session service only starts
 * and ends sessions; this module is told of them by their actions.
 */
import { unauthorizedResponse } from '../api/base-query.ts';
import type { Logger } from '../logging/logger.ts';
import { sessionEnded, sessionStarted, signOutStarted } from '../store/session-slice.ts';
import type { AppStore } from '../store/store.ts';
import { getTokenExpiry } from '../session/token.ts';
import { endSession } from './end-session.ts';
import type { SessionEnding } from './end-session.ts';

// setTimeout cannot wait longer than about 24.8 days (2^31 - 1 ms).
const MAX_TIMER_MS = 2_147_483_647;

export type ExpiryListenerDeps = SessionEnding & {
  store: Pick<AppStore, 'dispatch' | 'getState' | 'startListening'>;
  logger: Logger;
  schedule: (callback: () => void, ms: number) => unknown;
  cancel: (handle: unknown) => void;
  /** The token store's clock (corrected by the skew measured at sign-in). */
  now: () => number;
};

/** Starts ending the session on expiry; answers the function that stops it. */
export function listenForExpiry(deps: ExpiryListenerDeps): () => void {
  const { store, tokenStore, logger } = deps;
  let timer: unknown = null;

  function stopWatch(): void {
    if (timer !== null) deps.cancel(timer);
    timer = null;
  }

  // The check runs one second after the token's expiry: a refresh made meanwhile has replaced the token,
  // and the watch then follows the new one.
  function watchToken(): void {
    stopWatch();
    const token = tokenStore.get();
    if (token === null) return;
    const delay = Math.min(
      MAX_TIMER_MS,
      Math.max(0, getTokenExpiry(token, logger) * 1000 - deps.now() + 1000),
    );
    timer = deps.schedule(() => {
      timer = null;
      if (store.getState().session.status !== 'authenticated') return;
      if (tokenStore.get() !== null) {
        watchToken();
        return;
      }
      logger.info('The session token expired');
      endSession(deps, true);
    }, delay);
  }

  const stops = [
    store.startListening({ actionCreator: sessionStarted, effect: watchToken }),
    store.startListening({ actionCreator: signOutStarted, effect: stopWatch }),
    store.startListening({ actionCreator: sessionEnded, effect: stopWatch }),
    store.startListening({
      actionCreator: unauthorizedResponse,
      effect: () => {
        const { status, signingOut } = store.getState().session;
        // Not signed in (a sign-in in progress fails on its own 401), or a sign-out is ending the session.
        if (signingOut || status === 'anonymous') return;
        logger.warn('The session ended on a 401 answer');
        endSession(deps, true);
      },
    }),
  ];
  return () => {
    stopWatch();
    for (const stop of stops) stop();
  };
}
