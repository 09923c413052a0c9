import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useRuntime } from '../plugin-host/runtime.tsx';
import { NavigationProgress } from '../ui/navigation-progress.tsx';
import { useCurrentRoute } from './current-route.ts';
import { RouteGuard } from './route-guard.tsx';
import { RouterPageLocation } from './router-page-location.tsx';
import { StatusBanners } from './status-banners.tsx';
import { translateKey } from './translate-key.ts';

/** How long to look for the new page's heading after a navigation (lazy pages and translations). */
const FOCUS_ATTEMPTS = 60;

/** The document title from the route's meta `title`, else the manifest's default title. */
function useDocumentTitle(): void {
  const { config } = useRuntime();
  const { t } = useTranslation();
  const current = useCurrentRoute();
  const key = current?.indexed.meta.title ?? config.app.defaultTitle;
  const title = translateKey(t, key);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * After a navigation (not the first page load), focus moves to the new page's h1 so screen-reader and
 * keyboard users start there instead of at the link they pressed.
 */
function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let attempts = 0;
    let frame = 0;
    const tryFocus = () => {
      const heading = document.querySelector<HTMLElement>('#main-content h1, main h1');
      if (heading !== null) {
        heading.focus();
        return;
      }
      attempts += 1;
      if (attempts < FOCUS_ATTEMPTS) frame = requestAnimationFrame(tryFocus);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}

/** The root of every route: guards first, then the page in its layout. */
export function PortalFrame() {
  useDocumentTitle();
  useFocusOnNavigation();
  const { t } = useTranslation();
  // A lazy page keeps the one a person left on screen while its code and strings load.
  const navigating = useNavigation().state === 'loading';
  return (
    <>
      {navigating ? <NavigationProgress label={t('common.loading')} /> : null}
      <RouteGuard>
        <RouterPageLocation>
          <Outlet />
        </RouterPageLocation>
      </RouteGuard>
      <StatusBanners />
    </>
  );
}
