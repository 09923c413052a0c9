import { describe, expect, it } from 'vitest';
import type { SessionState } from './session-slice.ts';
import {
  initialSessionState,
  notificationArrived,
  notificationsCounted,
  sessionSlice,
} from './session-slice.ts';

const counted = (unreadCount: number, newestId: number | null): SessionState =>
  sessionSlice.reducer(initialSessionState, notificationsCounted({ unreadCount, newestId }));

describe('the bell count kept in the session', () => {
  it('counts a pushed unread notification once, and not one the count already holds', () => {
    let state = counted(2, 40);
    state = sessionSlice.reducer(state, notificationArrived({ id: 41, read: false }));
    expect(state.notifications).toEqual({ unreadCount: 3, newestId: 41 });
    // The stream replays from `after`: the same id again, or an older one, is not counted twice.
    state = sessionSlice.reducer(state, notificationArrived({ id: 41, read: false }));
    state = sessionSlice.reducer(state, notificationArrived({ id: 12, read: false }));
    expect(state.notifications).toEqual({ unreadCount: 3, newestId: 41 });
  });

  it('moves the newest id but not the count for a notification already read', () => {
    const state = sessionSlice.reducer(counted(0, null), notificationArrived({ id: 7, read: true }));
    expect(state.notifications).toEqual({ unreadCount: 0, newestId: 7 });
  });

  it('leaves the count unknown when the gateway sent none (the bell reads its list)', () => {
    const state = sessionSlice.reducer(initialSessionState, notificationArrived({ id: 7, read: false }));
    expect(state.notifications).toBeNull();
  });
});
