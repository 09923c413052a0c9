import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogLevelName } from '../logging/logger.ts';
import { createLogger } from '../logging/logger.ts';
import { InvalidTokenError, createTokenRefresher } from './refresh.ts';
import type { TokenStore } from './token-storage.ts';
import { createTokenStore } from './token-storage.ts';
import { tokenExpiringIn } from './token-test-utils.ts';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);
const BUFFER = 5 * 60_000;

let store: TokenStore;
let entries: { level: LogLevelName; message: string }[];
const log = createLogger({ minLevel: 1, sink: (level, message) => entries.push({ level, message }) });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type RefresherOptions = Parameters<typeof createTokenRefresher>[0];

/** A refresher on the test's store and log, with the test's buffer. */
function refresherWith(
  refresh: RefresherOptions['refresh'],
  options: Partial<RefresherOptions> = {},
): ReturnType<typeof createTokenRefresher> {
  return createTokenRefresher({ store, refresh, bufferMs: BUFFER, logger: log, ...options });
}

/** A refresher whose refresh answers when the test resolves `answer`. */
function heldRefresher() {
  const answer = deferred<string>();
  return { answer, refresher: refresherWith(() => answer.promise) };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  entries = [];
  store = createTokenStore({ kind: 'memory', key: 'token', logger: log });
});
afterEach(() => {
  store.dispose();
  vi.useRealTimers();
});

describe('ensureFreshToken', () => {
  it('returns the current token without refreshing when it expires after the buffer', async () => {
    const token = tokenExpiringIn(6 * 60, NOW);
    store.set(token);
    const refresh = vi.fn(async () => tokenExpiringIn(3600, NOW));
    const refresher = refresherWith(refresh);
    await expect(refresher.ensureFreshToken()).resolves.toBe(token);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refreshes first when the token expires within the buffer, and stores the answer', async () => {
    const old = tokenExpiringIn(6 * 60, NOW);
    store.set(old);
    const fresh = tokenExpiringIn(3600, NOW + 61_000);
    const refresh = vi.fn(async () => fresh);
    const refresher = refresherWith(refresh);
    vi.setSystemTime(NOW + 61_000); // 4 min 59 s left
    await expect(refresher.ensureFreshToken()).resolves.toBe(fresh);
    expect(refresh).toHaveBeenCalledExactlyOnceWith(old, expect.any(AbortSignal));
    expect(store.get()).toBe(fresh);
  });

  it('returns null and never refreshes without a token', async () => {
    const refresh = vi.fn(async () => tokenExpiringIn(3600, NOW));
    const refresher = refresherWith(refresh);
    await expect(refresher.ensureFreshToken()).resolves.toBeNull();
    await expect(refresher.refreshNow()).resolves.toBeNull();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('single flight: 20 parallel callers share exactly one refresh', async () => {
    store.set(tokenExpiringIn(60, NOW));
    const answer = deferred<string>();
    const refresh = vi.fn(() => answer.promise);
    const refresher = refresherWith(refresh);
    const callers = Array.from({ length: 20 }, () => refresher.ensureFreshToken());
    const forced = refresher.refreshNow();
    const fresh = tokenExpiringIn(3600, NOW);
    answer.resolve(fresh);
    expect(await Promise.all([...callers, forced])).toEqual(Array.from({ length: 21 }, () => fresh));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('a caller arriving during a refresh awaits it even when its own check would not refresh', async () => {
    store.set(tokenExpiringIn(3600, NOW));
    const { answer, refresher } = heldRefresher();
    const forced = refresher.refreshNow();
    const waiting = refresher.ensureFreshToken();
    const fresh = tokenExpiringIn(7200, NOW);
    answer.resolve(fresh);
    await expect(waiting).resolves.toBe(fresh);
    await expect(forced).resolves.toBe(fresh);
  });

  it('a network failure is logged and keeps the current token', async () => {
    const current = tokenExpiringIn(60, NOW);
    store.set(current);
    const refresher = refresherWith(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(refresher.ensureFreshToken()).resolves.toBe(current);
    expect(store.get()).toBe(current);
    expect(refresher.lastError()).toBeInstanceOf(TypeError);
    expect(entries).toContainEqual({
      level: 'error',
      message: 'Token refresh failed, keeping the current token',
    });
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['an expired token', tokenExpiringIn(-1, NOW)],
    ['an empty string', ''],
  ])(
    'an answer that is %s records an InvalidTokenError and keeps the current token',
    async (_name, answer) => {
      const current = tokenExpiringIn(60, NOW);
      store.set(current);
      const refresher = refresherWith(async () => answer);
      await expect(refresher.ensureFreshToken()).resolves.toBe(current);
      expect(refresher.lastError()).toBeInstanceOf(InvalidTokenError);
      expect(store.get()).toBe(current);
    },
  );

  it('after a failure, waits before trying a silent refresh again, but refreshNow still tries', async () => {
    store.set(tokenExpiringIn(4 * 60, NOW));
    const refresh = vi.fn(async (): Promise<string> => {
      throw new Error('503');
    });
    const refresher = refresherWith(refresh, { retryAfterMs: 30_000 });
    await refresher.ensureFreshToken();
    await refresher.ensureFreshToken();
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.setSystemTime(NOW + 30_000);
    await refresher.ensureFreshToken();
    expect(refresh).toHaveBeenCalledTimes(2);
    await refresher.refreshNow();
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  // What happens to the stored token while a refresh is on its way decides what the caller and the store
  // end with: a sign-out is not undone, an expiry is no sign-out, a new session keeps its own token.
  const NEXT = tokenExpiringIn(1800, NOW, { n: 'next' });
  it.each([
    {
      name: 'a sign-out during the refresh is not undone by its answer',
      meanwhile: () => {
        store.clear();
      },
      kept: 'nothing',
    },
    {
      name: 'a slow refresh that outlives the old token still stores the new one (expiry is no sign-out)',
      meanwhile: () => {
        vi.setSystemTime(NOW + 90_000);
        expect(store.get()).toBeNull();
      },
      kept: 'the answer',
    },
    {
      name: 'a sign-out and a new sign-in during the refresh: the new session keeps its own token',
      meanwhile: () => {
        store.clear();
        store.set(NEXT);
      },
      kept: 'the new sign-in',
    },
  ] as const)('$name', async ({ meanwhile, kept }) => {
    store.set(tokenExpiringIn(60, NOW));
    const { answer, refresher } = heldRefresher();
    const pending = refresher.ensureFreshToken();
    meanwhile();
    const fresh = tokenExpiringIn(3600, NOW);
    answer.resolve(fresh);
    const expected = { nothing: null, 'the answer': fresh, 'the new sign-in': NEXT }[kept];
    await expect(pending).resolves.toBe(expected);
    expect(store.get()).toBe(expected);
  });

  it('settled() waits for the refresh in progress', async () => {
    store.set(tokenExpiringIn(60, NOW));
    const { answer, refresher } = heldRefresher();
    void refresher.ensureFreshToken();
    const settled = refresher.settled();
    const fresh = tokenExpiringIn(3600, NOW);
    answer.resolve(fresh);
    await expect(settled).resolves.toBe(fresh);
  });
});

describe('a refresh that is never answered', () => {
  it('is given up after the timeout: the current token is kept, the call aborted, the failure logged', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(NOW);
    const token = tokenExpiringIn(60, NOW);
    store.set(token);
    let signal: AbortSignal | undefined;
    const refresher = refresherWith(
      (_current, abort) => {
        signal = abort;
        return new Promise<string>(() => {});
      },
      { timeoutMs: 10_000 },
    );
    const sent = refresher.ensureFreshToken();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(sent).resolves.toBe(token);
    expect(signal?.aborted).toBe(true);
    expect(refresher.lastError()?.name).toBe('RefreshTimeoutError');
    expect(entries).toContainEqual({
      level: 'error',
      message: 'Token refresh failed, keeping the current token',
    });
  });
});
