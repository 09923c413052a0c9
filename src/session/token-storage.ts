import type { Logger } from '../logging/logger.ts';
import { logger as sharedLogger } from '../logging/logger.ts';
import type { SafeStorage, StorageKind } from './safe-storage.ts';
import { createSafeStorage } from './safe-storage.ts';
import { getTokenIssuedAt, isTokenActive } from './token.ts';

export type { StorageKind } from './safe-storage.ts';

type TokenListener = (token: string | null) => void;

export type TokenStore = {
  /** The stored token while active; an inactive or invalid token is removed and null returned. */
  get(): string | null;
  set(token: string): void;
  /** Removes the token here and signs out every other tab of the portal. */
  clear(): void;
  /**
   * How many sign-outs this store has seen (`clear()` here, or another tab's). Unlike `get() === null`,
   * which is also true once a token merely expired, a change means the session was ended on purpose.
   */
  signOutCount(): number;
  /** Called after every change, in this tab or another; returns the unsubscribe function. */
  subscribe(listener: TokenListener): () => void;
  /** The clock used for expiry checks: `now` corrected by the skew measured when the token was stored. */
  now(): number;
  /** The storage kind in use ('memory' after a storage failure). */
  storageKind(): StorageKind;
  /** Removes the window and channel listeners (tests, hot reload). */
  dispose(): void;
};

export type TokenStoreOptions = {
  kind: StorageKind;
  key: string;
  logger?: Logger;
  now?: () => number;
  window?: Window;
};

// Skew below this is network latency and second-rounding of `iat`, not a wrong clock.
const MIN_SKEW_MS = 60_000;

type SignOutMessage = { type: 'signed-out'; key: string };

function isSignOutMessage(data: unknown, key: string): data is SignOutMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as Partial<SignOutMessage>).type === 'signed-out' &&
    (data as Partial<SignOutMessage>).key === key
  );
}

/** The clock skew measured when the token under `key` was stored (0 when none was measured). */
function storedSkew(storage: SafeStorage, key: string): number {
  const skew = Number(storage.read(`${key}.clock-skew`));
  return Number.isFinite(skew) ? skew : 0;
}

/** What the token key holds: an active token, one no longer active, or nothing. */
export type StoredToken = 'active' | 'inactive' | 'none';

/**
 * What the token key holds, read without changing it (the store's `get()` removes an inactive token,
 * which the session's start reads to tell "expired" from "never signed in"). The entry reads it to choose
 * between the sign-in app and the portal.
 */
export function storedToken(options: Omit<TokenStoreOptions, 'logger'>): StoredToken {
  const storage = createSafeStorage(options.kind, sharedLogger, options.window);
  const token = storage.read(options.key);
  if (token === null || token === '') return 'none';
  const now = (options.now ?? Date.now)() - storedSkew(storage, options.key);
  return isTokenActive(token, now, sharedLogger) ? 'active' : 'inactive';
}

export function createTokenStore(options: TokenStoreOptions): TokenStore {
  const { key } = options;
  const log = options.logger ?? sharedLogger;
  const clock = options.now ?? Date.now;
  const target = options.window ?? (typeof window === 'undefined' ? undefined : window);
  const storage = createSafeStorage(options.kind, log, target);
  const skewKey = `${key}.clock-skew`;
  const listeners = new Set<TokenListener>();
  let lastNotified: string | null | undefined;
  let signOuts = 0;

  function now(): number {
    return clock() - storedSkew(storage, key);
  }

  function get(): string | null {
    const token = storage.read(key);
    if (token === null) return null;
    if (isTokenActive(token, now(), log)) return token;
    storage.remove(key);
    storage.remove(skewKey);
    return null;
  }

  function notify(): void {
    const token = get();
    // The storage event and the channel may both report the same sign-out.
    if (token === lastNotified) return;
    lastNotified = token;
    for (const listener of [...listeners]) {
      try {
        listener(token);
      } catch (error) {
        log.error('Token listener failed', error);
      }
    }
  }

  function removeLocally(): void {
    storage.remove(key);
    storage.remove(skewKey);
  }

  // sessionStorage is per tab, so its `storage` events never reach other tabs: sign-out is broadcast too.
  const channel =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`portal-session:${key}`);
  function onChannelMessage(event: MessageEvent<unknown>): void {
    if (!isSignOutMessage(event.data, key)) return;
    signOuts += 1;
    removeLocally();
    notify();
  }
  channel?.addEventListener('message', onChannelMessage);

  function onStorage(event: StorageEvent): void {
    const area = storage.area();
    if (area === null || event.storageArea !== area) return;
    if (event.key !== key && event.key !== null) return;
    // The token removed in another tab (storage cleared, or its key removed): a sign-out.
    if (event.newValue === null) signOuts += 1;
    notify();
  }
  target?.addEventListener('storage', onStorage);

  return {
    get,
    set(token) {
      storage.write(key, token);
      const issuedAt = getTokenIssuedAt(token, log);
      const skew = issuedAt === null ? 0 : clock() - issuedAt * 1000;
      if (Math.abs(skew) >= MIN_SKEW_MS) {
        log.warn('Clock skew detected, correcting token expiry checks', { skewMs: skew });
        storage.write(skewKey, String(skew));
      } else {
        storage.remove(skewKey);
      }
      notify();
    },
    clear() {
      signOuts += 1;
      removeLocally();
      try {
        channel?.postMessage({ type: 'signed-out', key } satisfies SignOutMessage);
      } catch (error) {
        log.warn('Could not tell other tabs about the sign-out', error);
      }
      notify();
    },
    signOutCount: () => signOuts,
    subscribe(listener) {
      if (listeners.size === 0) lastNotified = get();
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    now,
    storageKind: () => storage.kind(),
    dispose() {
      listeners.clear();
      target?.removeEventListener('storage', onStorage);
      channel?.removeEventListener('message', onChannelMessage);
      channel?.close();
    },
  };
}
