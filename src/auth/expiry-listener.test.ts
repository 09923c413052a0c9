import { describe, expect, it, vi } from 'vitest';
import { harnessPerTest } from '../testing/session-harness.ts';
import { unauthorizedResponse } from '../api/base-query.ts';
import { createLogger } from '../logging/logger.ts';
import { sessionStarted, signOutStarted } from '../store/session-slice.ts';
import { makeStore } from '../store/store.ts';
import { createSelectedEntityStore } from '../session/selected-entity-storage.ts';
import { createTokenStore } from '../session/token-storage.ts';
import { tokenExpiringIn } from '../session/token-test-utils.ts';
import { claire } from '../testing/current-users.ts';
import { listenForExpiry } from './expiry-listener.ts';

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);

/** A clock and timers the test moves by hand. */
function setup() {
  let clock = NOW;
  const timers = new Map<number, { callback: () => void; at: number }>();
  let nextId = 0;
  const logger = createLogger({ minLevel: 1, sink: () => undefined });
  const tokenStore = createTokenStore({ kind: 'session', key: 'token', logger, now: () => clock });
  const selectedEntityStore = createSelectedEntityStore({ key: 'selected-entity', logger });
  const store = makeStore();
  const onSignedOut = vi.fn();
  const stop = listenForExpiry({
    store,
    tokenStore,
    selectedEntityStore,
    logger,
    onSignedOut,
    schedule: (callback, ms) => {
      nextId += 1;
      timers.set(nextId, { callback, at: clock + ms });
      return nextId;
    },
    cancel: (handle) => {
      timers.delete(handle as number);
    },
    now: () => clock,
  });
  /** Moves the clock on and runs the timers that are due. */
  function advance(ms: number) {
    clock += ms;
    for (const [id, timer] of [...timers])
      if (timer.at <= clock) {
        timers.delete(id);
        timer.callback();
      }
  }
  function signIn(token: string) {
    tokenStore.set(token);
    selectedEntityStore.set(1001);
    store.dispatch(sessionStarted({ user: claire, globalPermissions: [], entityCount: 1 }));
  }
  return { store, tokenStore, onSignedOut, timers, advance, signIn, stop, now: () => clock };
}

const use = harnessPerTest(setup);

describe('the token running out in an idle tab', () => {
  it('ends the session as expired a second after the token expires, token and entity gone', () => {
    const { store, tokenStore, onSignedOut, advance, signIn } = use();
    signIn(tokenExpiringIn(600, NOW));
    advance(600_000);
    expect(store.getState().session.status).toBe('authenticated');
    advance(1_000);
    expect(store.getState().session.status).toBe('anonymous');
    expect(store.getState().session.expiredNotice).toBe(true);
    expect(tokenStore.get()).toBeNull();
    expect(localStorage.getItem('selected-entity')).toBeNull();
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it('follows a token refreshed meanwhile, and ends the session when that one runs out', () => {
    const { store, tokenStore, advance, signIn, now } = use();
    signIn(tokenExpiringIn(600, NOW));
    advance(300_000);
    tokenStore.set(tokenExpiringIn(600, now()));
    advance(301_000);
    expect(store.getState().session.status).toBe('authenticated');
    advance(300_000);
    expect(store.getState().session.status).toBe('anonymous');
    expect(store.getState().session.expiredNotice).toBe(true);
  });

  it('is not watched once the person signs out', () => {
    const { store, timers, signIn } = use();
    signIn(tokenExpiringIn(600, NOW));
    expect(timers.size).toBe(1);
    store.dispatch(signOutStarted());
    expect(timers.size).toBe(0);
  });

  it('stops being watched when the listeners stop', () => {
    const { timers, signIn, stop } = use();
    signIn(tokenExpiringIn(600, NOW));
    stop();
    expect(timers.size).toBe(0);
  });
});

describe('a 401 answer', () => {
  const rejected = unauthorizedResponse({
    endpoint: 'getEntitySummary',
    url: 'connect/api/accounts/1001/summary',
    method: 'GET',
  });

  it('ends a started session as expired', () => {
    const { store, tokenStore, onSignedOut, signIn } = use();
    signIn(tokenExpiringIn(600, NOW));
    store.dispatch(rejected);
    expect(store.getState().session.status).toBe('anonymous');
    expect(store.getState().session.expiredNotice).toBe(true);
    expect(tokenStore.get()).toBeNull();
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it('changes nothing while signing out, nor when nobody is signed in', () => {
    const { store, tokenStore, signIn } = use();
    store.dispatch(sessionStarted({ user: claire, globalPermissions: [], entityCount: 1 }));
    store.dispatch({ type: 'session/sessionEnded', payload: { expired: false } });
    store.dispatch(rejected);
    expect(store.getState().session.expiredNotice).toBe(false);

    signIn(tokenExpiringIn(600, NOW));
    store.dispatch(signOutStarted());
    store.dispatch(rejected);
    expect(store.getState().session.status).toBe('authenticated');
    expect(tokenStore.get()).not.toBeNull();
  });
});
