import { DatesProvider } from '@mantine/dates';
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { SessionServiceProvider } from '../auth/session-context.tsx';
import type { SessionService } from '../auth/session-service.ts';
import { RuntimeProvider } from '../plugin-host/runtime.tsx';
import type { PortalRuntime } from '../plugin-host/runtime.tsx';
import type { AppStore } from '../store/store.ts';
import { TrackerContext } from '../plugin-host/tracker.ts';
import type { Tracker } from '../plugin-host/tracker.ts';
import { firstDayOfWeek } from './theme.ts';
import { PortalTheme } from './portal-theme.tsx';

export type PortalProvidersProps = {
  store: AppStore;
  runtime: PortalRuntime;
  i18n: I18n;
  /** Absent where a test renders pages that never call the session actions. */
  session?: SessionService;
  tracker: Tracker;
  /** 'test': Mantine without transitions or portals, so menus and options show at once in jsdom. */
  env?: 'default' | 'test';
  children: ReactNode;
};

/**
 * The one provider tree of the portal: createPortal mounts it around the router, and every test
 * harness (src/testing, `@portal/plugin-api/testing`) around what it renders, so a page in a test sees
 * the same store, runtime, language, theme, dates, session and tracker as in the browser.
 */
export function PortalProviders({
  store,
  runtime,
  i18n,
  session,
  tracker,
  env = 'default',
  children,
}: PortalProvidersProps) {
  const { ui } = runtime.config.app;
  const content = (
    <TrackerContext value={tracker}>
      <Suspense fallback={null}>{children}</Suspense>
    </TrackerContext>
  );
  return (
    <Provider store={store}>
      <RuntimeProvider runtime={runtime}>
        <I18nextProvider i18n={i18n}>
          <PortalTheme ui={ui} branding={runtime.config.branding} env={env}>
            <DatesProvider
              settings={{
                locale: i18n.language.slice(0, 2),
                firstDayOfWeek: firstDayOfWeek(ui.weekStartsOn),
              }}
            >
              {session ? (
                <SessionServiceProvider service={session}>{content}</SessionServiceProvider>
              ) : (
                content
              )}
            </DatesProvider>
          </PortalTheme>
        </I18nextProvider>
      </RuntimeProvider>
    </Provider>
  );
}
