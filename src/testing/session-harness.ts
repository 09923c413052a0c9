import { afterEach, beforeEach, vi } from 'vitest';

type Harness = { stop(): void; tokenStore: { dispose(): void } };

/**
 * One session harness per test, for the session service and its listeners: `use()` sets one up; after the
 * test it stops and lets its token store go. Each test starts with empty browser storage, and with the
 * clock fixed at `now` when one is given.
 */
export function harnessPerTest<T extends Harness, Args extends unknown[]>(
  setup: (...args: Args) => T,
  { now }: { now?: number } = {},
): (...args: Args) => T {
  let current: T | null = null;
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    if (now !== undefined) vi.spyOn(Date, 'now').mockReturnValue(now);
  });
  afterEach(() => {
    current?.stop();
    current?.tokenStore.dispose();
    current = null;
    vi.restoreAllMocks();
  });
  return (...args) => (current = setup(...args));
}
