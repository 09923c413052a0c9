import { gatewayApi } from '../api/gateway-api.ts';
import { sessionEnded } from '../store/session-slice.ts';
import type { AppStore } from '../store/store.ts';
import type { SelectedEntityStore } from '../session/selected-entity-storage.ts';
import type { TokenStore } from '../session/token-storage.ts';

/** What ending a session touches: the store, the token and the selected entity kept beside it. */
export type SessionEnding = {
  store: Pick<AppStore, 'dispatch' | 'getState'>;
  tokenStore: TokenStore;
  selectedEntityStore: SelectedEntityStore;
  /** Told when a signed-in person left (analytics). */
  onSignedOut?: () => void;
};

/** Forgets everything the previous user loaded, so the next one never sees it. */
export function forgetLoadedData(store: Pick<AppStore, 'dispatch'>): void {
  store.dispatch(gatewayApi.util.resetApiState());
}

/**
 * Ends the session in this tab without calling anything: signed out (`signedOutTo`, the login page it
 * was sent to) or expired (the login page then shows 'Session expirée'). Clearing the token signs out
 * the other tabs too.
 */
export function endSession(deps: SessionEnding, expired: boolean, signedOutTo: string | null = null): void {
  const { store } = deps;
  const wasSignedIn = store.getState().session.user !== null;
  store.dispatch(sessionEnded({ expired, signedOutTo }));
  deps.tokenStore.clear();
  deps.selectedEntityStore.clear();
  forgetLoadedData(store);
  if (wasSignedIn) deps.onSignedOut?.();
}
