import { describe, expect, it, vi } from 'vitest';
import { harnessPerTest } from '../testing/session-harness.ts';
import { createLogger } from '../logging/logger.ts';
import { sessionStarted, signOutStarted } from '../store/session-slice.ts';
import { makeStore } from '../store/store.ts';
import { createTokenStore } from '../session/token-storage.ts';
import { tokenExpiringIn } from '../session/token-test-utils.ts';
import { paul } from '../testing/current-users.ts';
import { followOtherTabs } from './tab-sync-listener.ts';

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);

function setup() {
  const logger = createLogger({ minLevel: 1, sink: () => undefined });
  const tokenStore = createTokenStore({ kind: 'local', key: 'token', logger, now: () => NOW });
  const store = makeStore();
  const onSignedOut = vi.fn();
  const stop = followOtherTabs({ store, tokenStore, logger, onSignedOut });
  tokenStore.set(tokenExpiringIn(600, NOW));
  store.dispatch(sessionStarted({ user: paul, globalPermissions: [], entityCount: 3 }));
  return { store, tokenStore, onSignedOut, stop };
}

/** What another tab's sign-out looks like from here: the value is gone, then the event arrives. */
function signOutInAnotherTab() {
  localStorage.removeItem('token');
  window.dispatchEvent(
    new StorageEvent('storage', { key: 'token', oldValue: 'x', newValue: null, storageArea: localStorage }),
  );
}

const use = harnessPerTest(setup, { now: NOW });

describe('a sign-out in another tab', () => {
  it('signs this tab out too, not as an expiry', () => {
    const { store, onSignedOut } = use();
    signOutInAnotherTab();
    expect(store.getState().session.status).toBe('anonymous');
    expect(store.getState().session.expiredNotice).toBe(false);
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it("is not taken for this tab's own sign-out, whose calls are still running", () => {
    const { store, tokenStore, onSignedOut } = use();
    store.dispatch(signOutStarted());
    tokenStore.clear();
    expect(store.getState().session.status).toBe('authenticated');
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('is no longer followed once the listener stops', () => {
    const { store, stop } = use();
    stop();
    signOutInAnotherTab();
    expect(store.getState().session.status).toBe('authenticated');
  });
});
