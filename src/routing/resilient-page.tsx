import { useCallback, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { GuardPending } from './guard-pending.tsx';
import { isCodeLoadError } from './load-failure.ts';
import { PageFailure } from './page-failure.tsx';

type PageModule = { default: ComponentType };

/**
 * The page of a route whose code failed to load. React Router keeps a failed lazy route rejected for
 * the life of the tab, so the route never rejects: it gets this component, which shows what happened
 * and loads the code again on retry (or by itself when the connection returns), then shows the page.
 */
export function resilientPage(load: () => Promise<PageModule>, firstError: unknown): ComponentType {
  let loaded: ComponentType | null = null;
  return function ResilientPage() {
    const [state, setState] = useState<{ error: unknown; loading: boolean }>({
      error: firstError,
      loading: false,
    });
    // Whether the code failed while the browser was offline (the first failure is this render's).
    const failedOffline = useRef(!navigator.onLine);
    const retry = useCallback(() => {
      setState((current) => ({ ...current, loading: true }));
      load().then(
        (module) => {
          loaded = module.default;
          setState({ error: null, loading: false });
        },
        (error: unknown) => {
          // Chromium keeps a module that failed to fetch failed for the document's life, so once back
          // online the same import fails again: load the document again, at the same address.
          if (failedOffline.current && navigator.onLine && isCodeLoadError(error)) {
            window.location.reload();
            return;
          }
          failedOffline.current = !navigator.onLine;
          setState({ error, loading: false });
        },
      );
    }, []);
    if (loaded !== null) {
      const Page = loaded;
      return <Page />;
    }
    if (state.loading) return <GuardPending />;
    return <PageFailure error={state.error} onRetry={retry} />;
  };
}
