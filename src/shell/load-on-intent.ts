import { useCallback, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { useRuntime } from '../runtime/runtime.tsx';

/**
 * A header control whose code loads when the person reaches for it (pointer over, focus, press) rather
 * than with the first page. Until it arrives the caller keeps showing its light stand-in in the same
 * place, so a press in flight still lands on it; a chunk that will not load leaves the stand-in, and the
 * next reach tries again.
 */
export function useLoadOnIntent<P extends object>(
  loader: () => Promise<{ default: ComponentType<P> }>,
): [ComponentType<P> | null, () => void] {
  const { logger } = useRuntime();
  const [loaded, setLoaded] = useState<ComponentType<P> | null>(null);
  const started = useRef(false);
  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    loader().then(
      (module) => {
        setLoaded(() => module.default);
      },
      (error: unknown) => {
        started.current = false;
        logger.error('A header control did not load', error);
      },
    );
  }, [loader, logger]);
  return [loaded, load];
}
