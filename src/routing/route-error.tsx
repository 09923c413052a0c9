import { Suspense, lazy, useEffect } from 'react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { useRuntime } from '../app/runtime.tsx';
import type { PortalRuntime } from '../app/runtime.tsx';
import { indexRoutes } from '../manifest/route-index.ts';
import { GuardPending } from './guard-pending.tsx';

/** The page plugin of `routing.errorRoute` (the 500 page) as a lazy component, or null when none. */
export function errorPageOf(runtime: PortalRuntime): ComponentType | null {
  const ref = indexRoutes(runtime.config).get(runtime.config.routing.errorRoute)?.route.page;
  const page = ref === undefined ? undefined : runtime.registry.page(ref);
  return page === undefined ? null : lazy(page.component);
}

/**
 * The error boundary of every page route: a page that throws (or fails to load) shows the 500 page
 * where the page was, inside its layout, with the way back that page offers. Never a blank screen.
 */
export function RouteError({ page: ErrorPage }: { page: ComponentType | null }) {
  const { logger } = useRuntime();
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    logger.error('A page failed', error);
  }, [logger, error]);
  if (ErrorPage === null) {
    // No 500 page registered: a plain, translated message is still better than nothing.
    return (
      <p role="alert" tabIndex={-1}>
        {t('shell.pageFailed')}
      </p>
    );
  }
  return (
    <Suspense fallback={<GuardPending />}>
      <ErrorPage />
    </Suspense>
  );
}
