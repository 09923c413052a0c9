import { Component, Suspense, lazy, useEffect } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import type { RouteConfig } from '../../kernel/schemas/portal-config.ts';
import { useRuntime } from '../plugin-host/runtime.tsx';
import type { PortalRuntime } from '../plugin-host/runtime.tsx';
import { indexRoutes } from '../manifest/route-index.ts';
import { GuardPending } from './guard-pending.tsx';
import { useWithinLayout } from './layout-slot.ts';
import { PageFailure } from './page-failure.tsx';

/** The page plugin of `routing.errorRoute` (the 500 page) as a lazy component, or null when none. */
export function errorPageOf(runtime: PortalRuntime): ComponentType | null {
  const ref = indexRoutes(runtime.config).get(runtime.config.routing.errorRoute)?.route.page;
  const page = ref === undefined ? undefined : runtime.registry.page(ref);
  return page === undefined ? null : lazy(page.component);
}

/** Catches what the 500 page itself cannot show (its code unreachable offline): the built-in failure card. */
class ErrorPageBoundary extends Component<
  { fallback: (error: unknown) => ReactNode; children: ReactNode },
  { error: unknown }
> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override render(): ReactNode {
    return this.state.error === null ? this.props.children : this.props.fallback(this.state.error);
  }
}

/**
 * The error boundary of every page route: a page that throws (or fails to load) shows the 500 page
 * where the page was, inside its layout, with the way back that page offers. When even that page's code
 * cannot load (offline, a new deploy), the engine's own failure card shows instead. Never a blank screen.
 */
export function RouteError({
  page: ErrorPage,
  layout,
}: {
  page: ComponentType | null;
  layout?: RouteConfig['layout'];
}) {
  const { logger } = useRuntime();
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    logger.error('A page failed', error);
  }, [logger, error]);
  const content =
    ErrorPage === null ? (
      // No 500 page registered: a plain, translated message is still better than nothing.
      <p role="alert" tabIndex={-1}>
        {t('shell.pageFailed')}
      </p>
    ) : (
      <ErrorPageBoundary
        fallback={(failure) => <PageFailure error={failure} onRetry={() => window.location.reload()} />}
      >
        <Suspense fallback={<GuardPending />}>
          <ErrorPage />
        </Suspense>
      </ErrorPageBoundary>
    );
  return useWithinLayout(layout, content);
}
