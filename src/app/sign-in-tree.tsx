/*
 * What the light sign-in app draws (src/app/sign-in-app.tsx), in its own module: the build pre-renders the
 * same tree to HTML (src/app/prerender-login.tsx) and the browser hydrates it, so both must come from one
 * component or React would find another page than the one it is given.
 */
import { StrictMode, Suspense, lazy } from 'react';
import type { ComponentProps, ComponentType } from 'react';
import type ConsentBanner from '../shell/consent-banner.tsx';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { ConsentControls } from '../analytics/consent-context.ts';
import { SignInContext } from '../auth/sign-in-context.tsx';
import type { SignIn } from '../auth/sign-in-context.tsx';
import { PageLocationContext } from '../plugin-host/page-location.ts';
import type { PageLocation, PageTo } from '../plugin-host/page-location.ts';
import { RuntimeProvider } from '../plugin-host/runtime.tsx';
import type { PortalRuntime } from '../plugin-host/runtime.tsx';
import { TrackerContext } from '../plugin-host/tracker.ts';
import { CenteredLayout } from '../shell/centered-layout.tsx';
import { NavigationProgress } from '../ui/navigation-progress.tsx';
import { PortalTheme } from './portal-theme.tsx';

// The banner is the portal's; its chunk and strings are asked for with the page's when it is due.
export const loadConsentBanner = () => import('../shell/consent-banner.tsx');
/** The banner as the browser loads it: with its chunk. */
export const LazyConsentBanner = lazy(loadConsentBanner);
// Nothing is tracked before sign-in here, as in the portal where analytics starts with the session.
const NO_TRACKING = { track: () => undefined };

/** The address of a place: its path and query. */
export function hrefOf(to: PageTo): string {
  if (typeof to === 'string') return to;
  const search = to.search ?? '';
  return `${to.pathname}${search === '' || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`}`;
}

export type SignInTreeProps = {
  runtime: PortalRuntime;
  i18n: I18n;
  /**
   * The login route's page and the consent banner: lazy in the browser; loaded already when rendered to
   * HTML, where a component still loading would be sent as a boundary that only an inline script shows.
   */
  Page: ComponentType;
  Banner: ComponentType<ComponentProps<typeof ConsentBanner>>;
  signIn: SignIn;
  location: PageLocation;
  /** The consent banner, when it shows. */
  banner: { controls: ConsentControls; onDone: () => void } | null;
  /** The address has left the login page and the portal's code is on its way. */
  leaving?: boolean;
};

export function SignInTree({
  runtime,
  i18n,
  Page,
  Banner,
  signIn,
  location,
  banner,
  leaving = false,
}: SignInTreeProps) {
  return (
    <StrictMode>
      <RuntimeProvider runtime={runtime}>
        <I18nextProvider i18n={i18n}>
          <PortalTheme ui={runtime.config.app.ui} branding={runtime.config.branding}>
            <TrackerContext value={NO_TRACKING}>
              <SignInContext value={signIn}>
                <PageLocationContext value={location}>
                  {leaving ? <NavigationProgress label={i18n.t('common:common.loading')} /> : null}
                  <CenteredLayout>
                    {/* One boundary: the page and the banner paint together (no late largest paint).
                        The banner first: it is fixed to the corner, so the order only says which comes
                        first in the pre-rendered HTML (its text, the largest, paints with the first
                        screen instead of at the end of the document) and to the keyboard (the choice
                        asked of every first visit before the form). */}
                    <Suspense fallback={null}>
                      {banner === null ? null : <Banner controls={banner.controls} onDone={banner.onDone} />}
                      <Page />
                    </Suspense>
                  </CenteredLayout>
                </PageLocationContext>
              </SignInContext>
            </TrackerContext>
          </PortalTheme>
        </I18nextProvider>
      </RuntimeProvider>
    </StrictMode>
  );
}
