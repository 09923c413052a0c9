import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React draws this page over the build's pre-rendered HTML (and in that HTML), true once the
 * page runs in the browser: a page drawn from scratch in the browser is true from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
