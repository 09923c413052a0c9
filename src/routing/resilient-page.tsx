import { useCallback, useState } from 'react';
import type { ComponentType } from 'react';
import { GuardPending } from './guard-pending.tsx';
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
    const retry = useCallback(() => {
      setState((current) => ({ ...current, loading: true }));
      load().then(
        (module) => {
          loaded = module.default;
          setState({ error: null, loading: false });
        },
        (error: unknown) => setState({ error, loading: false }),
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
