import type { Logger } from '../logging/logger.ts';
import { sessionEnded } from '../store/session-slice.ts';
import type { AppStore } from '../store/store.ts';
import type { TokenStore } from '../session/token-storage.ts';
import { forgetLoadedData } from './end-session.ts';

/**
 * Signing out in one tab signs out every tab (SPEC 4): the token store tells of another tab's sign-out,
 * and this tab leaves too, without calling anything. Its own sign-out (the session is then signing out
 * or already ended) is not another tab's. Answers the function that stops listening.
 */
export function followOtherTabs(deps: {
  store: Pick<AppStore, 'dispatch' | 'getState'>;
  tokenStore: TokenStore;
  logger: Logger;
  /** Told when the signed-in person left (analytics). */
  onSignedOut?: () => void;
}): () => void {
  const { store } = deps;
  return deps.tokenStore.subscribe((token) => {
    const { status, signingOut } = store.getState().session;
    if (token !== null || status !== 'authenticated' || signingOut) return;
    deps.logger.info('Signed out in another tab');
    store.dispatch(sessionEnded({ expired: false }));
    forgetLoadedData(store);
    deps.onSignedOut?.();
  });
}
