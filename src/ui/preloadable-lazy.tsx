import { lazy, useState } from 'react';
import type { ComponentType } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * A lazily loaded component whose code can be asked for ahead (`preload`) and which, once that code is
 * in, renders it at once. React.lazy suspends on its first render even when the module has already
 * arrived: its fallback is committed and the subtree rendered again one task later.
 */
export function preloadableLazy<P extends object>(
  load: Loader<P>,
): ComponentType<P> & { preload: () => Promise<unknown> } {
  let arrived: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () =>
    (loading ??= load().then(
      (module) => {
        arrived = module.default;
        return module;
      },
      (error: unknown) => {
        // The next render asks again.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(start);
  function Preloadable(props: P) {
    // Chosen once per mount: the code arriving later must not swap the component (a remount).
    const [Component] = useState<ComponentType<P>>(() => arrived ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload: start });
}
