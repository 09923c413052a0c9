import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogLevelName } from '../logging/logger.ts';
import { createLogger } from '../logging/logger.ts';
import type { TokenStore, TokenStoreOptions } from './token-storage.ts';
import { createTokenStore } from './token-storage.ts';
import { makeToken, tokenExpiringIn } from './token-test-utils.ts';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);

function recordingLogger() {
  const entries: { level: LogLevelName; message: string }[] = [];
  const log = createLogger({ minLevel: 1, sink: (level, message) => entries.push({ level, message }) });
  return { log, entries };
}

const stores: TokenStore[] = [];
function makeStore(options: Partial<TokenStoreOptions> = {}): TokenStore {
  const store = createTokenStore({
    kind: 'session',
    key: 'token',
    logger: createLogger({ sink: () => {} }),
    now: () => Date.now(),
    ...options,
  });
  stores.push(store);
  return store;
}

function securityError(): DOMException {
  return new DOMException('The operation is insecure.', 'SecurityError');
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('createTokenStore', () => {
  it.each(['session', 'local'] as const)('keeps the token in %s storage under the key', (kind) => {
    const store = makeStore({ kind });
    const token = tokenExpiringIn(600, NOW);
    store.set(token);
    expect(store.get()).toBe(token);
    expect((kind === 'session' ? sessionStorage : localStorage).getItem('token')).toBe(token);
    store.clear();
    expect(store.get()).toBeNull();
    expect((kind === 'session' ? sessionStorage : localStorage).getItem('token')).toBeNull();
  });

  it('memory kind touches no browser storage', () => {
    const store = makeStore({ kind: 'memory' });
    store.set(tokenExpiringIn(600, NOW));
    expect(store.get()).not.toBeNull();
    expect(sessionStorage.length + localStorage.length).toBe(0);
  });

  it('removes a stored token once it is no longer active (exp exactly now)', () => {
    const store = makeStore();
    const token = tokenExpiringIn(60, NOW);
    store.set(token);
    vi.setSystemTime(NOW + 59_999);
    expect(store.get()).toBe(token);
    vi.setSystemTime(NOW + 60_000);
    expect(store.get()).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('removes an undecodable stored token and logs the decoding failure', () => {
    const { log, entries } = recordingLogger();
    sessionStorage.setItem('token', 'forged');
    const store = makeStore({ logger: log });
    expect(store.get()).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(entries).toContainEqual({ level: 'error', message: 'Failed to decode token' });
  });

  it('notifies subscribers of changes and stops after unsubscribe', () => {
    const store = makeStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const token = tokenExpiringIn(600, NOW);
    store.set(token);
    store.clear();
    unsubscribe();
    store.set(token);
    expect(listener.mock.calls).toEqual([[token], [null]]);
  });

  it('a listener that throws does not stop the others', () => {
    const store = makeStore();
    const second = vi.fn();
    store.subscribe(() => {
      throw new Error('bad listener');
    });
    store.subscribe(second);
    store.set(tokenExpiringIn(600, NOW));
    expect(second).toHaveBeenCalledTimes(1);
  });
});

describe('cross-tab changes', () => {
  it('a storage event removing the key in another tab gives listeners null', () => {
    const store = makeStore({ kind: 'local' });
    store.set(tokenExpiringIn(600, NOW));
    const listener = vi.fn();
    store.subscribe(listener);
    // What the other tab's sign-out looks like from here: the value is gone, then the event arrives.
    localStorage.removeItem('token');
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'token', oldValue: 'x', newValue: null, storageArea: localStorage }),
    );
    expect(listener).toHaveBeenCalledWith(null);
    expect(store.get()).toBeNull();
  });

  it('a storage event for a token set in another tab gives listeners the new token', () => {
    const store = makeStore({ kind: 'local' });
    const listener = vi.fn();
    store.subscribe(listener);
    const token = tokenExpiringIn(600, NOW);
    localStorage.setItem('token', token);
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'token', newValue: token, storageArea: localStorage }),
    );
    expect(listener).toHaveBeenCalledWith(token);
  });

  it('ignores storage events for other keys and other storage areas', () => {
    const store = makeStore({ kind: 'local' });
    store.set(tokenExpiringIn(600, NOW));
    const listener = vi.fn();
    store.subscribe(listener);
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'other', newValue: null, storageArea: localStorage }),
    );
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'token', newValue: null, storageArea: sessionStorage }),
    );
    expect(listener).not.toHaveBeenCalled();
  });

  it('clear() in one tab signs out another tab using session storage (broadcast)', async () => {
    const otherTabStorage = new Map<string, string>();
    const otherTab = makeStore({
      kind: 'session',
      window: {
        sessionStorage: {
          getItem: (k: string) => otherTabStorage.get(k) ?? null,
          setItem: (k: string, v: string) => void otherTabStorage.set(k, v),
          removeItem: (k: string) => void otherTabStorage.delete(k),
        },
        addEventListener: () => {},
        removeEventListener: () => {},
      } as unknown as Window,
    });
    const thisTab = makeStore({ kind: 'session' });
    otherTab.set(tokenExpiringIn(600, NOW));
    thisTab.set(tokenExpiringIn(600, NOW));
    const listener = vi.fn();
    otherTab.subscribe(listener);

    thisTab.clear();

    await vi.waitFor(() => expect(listener).toHaveBeenCalledWith(null));
    expect(otherTab.get()).toBeNull();
    expect(otherTabStorage.has('token')).toBe(false);
    expect(otherTab.signOutCount()).toBe(1);
  });
});

describe('signOutCount', () => {
  it('counts sign-outs (clear here, removal in another tab), not a token that merely expired', () => {
    const store = makeStore({ kind: 'local' });
    store.set(tokenExpiringIn(60, NOW));
    expect(store.signOutCount()).toBe(0);
    vi.setSystemTime(NOW + 120_000);
    expect(store.get()).toBeNull();
    expect(store.signOutCount()).toBe(0);

    store.set(tokenExpiringIn(600, NOW + 120_000));
    store.clear();
    expect(store.signOutCount()).toBe(1);

    store.set(tokenExpiringIn(600, NOW + 120_000));
    localStorage.removeItem('token');
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'token', oldValue: 'x', newValue: null, storageArea: localStorage }),
    );
    expect(store.signOutCount()).toBe(2);
  });
});

describe('storage failures', () => {
  it('falls back to memory when reading the storage property throws a SecurityError', () => {
    const { log, entries } = recordingLogger();
    const blocked = {
      get sessionStorage(): Storage {
        throw securityError();
      },
      addEventListener: () => {},
      removeEventListener: () => {},
    } as unknown as Window;
    const store = makeStore({ window: blocked, logger: log });
    const token = tokenExpiringIn(600, NOW);
    expect(() => store.set(token)).not.toThrow();
    expect(store.get()).toBe(token);
    expect(store.storageKind()).toBe('memory');
    expect(entries.some((e) => e.level === 'warn' && e.message.startsWith('Storage unavailable'))).toBe(true);
  });

  it('falls back to memory when storage is missing', () => {
    const store = makeStore({
      window: { addEventListener: () => {}, removeEventListener: () => {} } as unknown as Window,
    });
    store.set(tokenExpiringIn(600, NOW));
    expect(store.get()).not.toBeNull();
  });

  it('getItem throwing is logged, never thrown, and reads as no token', () => {
    const { log, entries } = recordingLogger();
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw securityError();
    });
    const store = makeStore({ logger: log });
    expect(store.get()).toBeNull();
    expect(entries).toContainEqual({
      level: 'error',
      message: 'Storage read failed, keeping values in memory',
    });
  });

  it('setItem throwing (QuotaExceededError) is logged and the session continues in memory', () => {
    const { log, entries } = recordingLogger();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const store = makeStore({ logger: log });
    const token = tokenExpiringIn(600, NOW);
    expect(() => store.set(token)).not.toThrow();
    expect(store.get()).toBe(token);
    expect(store.storageKind()).toBe('memory');
    expect(entries).toContainEqual({
      level: 'error',
      message: 'Storage write failed, keeping values in memory',
    });
  });

  it('removeItem throwing is logged, never thrown, and the token is gone for this tab', () => {
    const { log, entries } = recordingLogger();
    const store = makeStore({ logger: log });
    store.set(tokenExpiringIn(600, NOW));
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw securityError();
    });
    expect(() => store.clear()).not.toThrow();
    expect(store.get()).toBeNull();
    expect(entries).toContainEqual({
      level: 'error',
      message: 'Storage removal failed, keeping values in memory',
    });
  });
});

describe('clock skew', () => {
  it('a fresh token from a server whose clock differs by 10 minutes stays active and is not refreshed early', () => {
    const store = makeStore();
    const serverNowSeconds = (NOW - 10 * 60_000) / 1000; // browser clock 10 minutes ahead
    const token = makeToken({ iat: serverNowSeconds, exp: serverNowSeconds + 15 * 60 });
    store.set(token);
    expect(store.get()).toBe(token);
    expect(store.now()).toBe(NOW - 10 * 60_000);
    vi.setSystemTime(NOW + 14 * 60_000);
    expect(store.get()).toBe(token);
    vi.setSystemTime(NOW + 15 * 60_000);
    expect(store.get()).toBeNull();
  });

  it('ignores a small skew (latency, second rounding)', () => {
    const store = makeStore();
    store.set(makeToken({ iat: Math.floor(NOW / 1000) - 2, exp: NOW / 1000 + 600 }));
    expect(store.now()).toBe(NOW);
  });
});
