import { Suspense, lazy, useEffect } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { useRuntime } from '../app/runtime.tsx';
import type { PortalRuntime } from '../app/runtime.tsx';
import { indexRoutes } from '../manifest/route-index.ts';
import { GuardPending } from './guard-pending.tsx';

const errorPages = new WeakMap<PortalRuntime, LazyExoticComponent<ComponentType> | null>();

/** The page plugin of `routing.errorRoute` (the 500 page), loaded once per runtime. */
function errorPageOf(runtime: PortalRuntime): LazyExoticComponent<ComponentType> | null {
  const cached = errorPages.get(runtime);
  if (cached !== undefined) return cached;
  const ref = indexRoutes(runtime.config).get(runtime.config.routing.errorRoute)?.route.page;
  const page = ref === undefined ? undefined : runtime.registry.page(ref);
  const component = page === undefined ? null : lazy(page.component);
  errorPages.set(runtime, component);
  return component;
}

/**
 * The error boundary of every page route: a page that throws (or fails to load) shows the 500 page
 * where the page was, inside its layout, with the way back that page offers. Never a blank screen.
 */
export function RouteError() {
  const runtime = useRuntime();
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    runtime.logger.error('A page failed', error);
  }, [runtime.logger, error]);
  const ErrorPage = errorPageOf(runtime);
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
