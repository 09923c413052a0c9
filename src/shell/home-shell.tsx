import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCurrentRoute } from '../routing/current-route.ts';
import { ENTITY_PARAM } from '../routing/redirects.ts';
import { AppHeader } from './app-header.tsx';
import classes from './home-shell.module.css';
import { useFeatureConsulted } from './feature-consulted.ts';
import { NavTabs } from './nav-tabs.tsx';
import { Sidebar } from './sidebar.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

const SCROLL_LOCK_RIGHT = 'right-scroll-bar-position';

/**
 * The signed-in shell: header on every page, the sidebar in the entity area (behind a burger below the
 * `sm` breakpoint, so a 360 px phone gets the whole width), the tab bar when the page has one.
 */
export default function HomeShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const current = useCurrentRoute();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  useFeatureConsulted();
  // A unitary view is the page alone: no entity navigation even when the route names an entity.
  const unitaryView = current?.indexed.meta.unitaryView === true;
  const inEntityArea = current?.params[ENTITY_PARAM] !== undefined && !unitaryView;
  const withoutPadding = current?.indexed.meta.layoutWithoutPadding === true;

  // A link chosen in the phone menu closes it.
  useEffect(() => {
    close();
  }, [pathname, close]);

  return (
    <div
      className={classes.shell}
      data-with-navbar={inEntityArea || undefined}
      data-without-padding={withoutPadding || undefined}
    >
      <SkipLink />
      {/* The class react-remove-scroll-bar pads when a drawer or modal locks the page's scroll. */}
      <header className={`${classes.header} ${SCROLL_LOCK_RIGHT}`}>
        <AppHeader navigation={inEntityArea ? { opened, toggle } : undefined} />
      </header>
      {inEntityArea ? (
        <nav
          className={classes.navbar}
          data-opened={opened || undefined}
          aria-label={t('shell.entityNavigation')}
        >
          <Sidebar />
        </nav>
      ) : null}
      <main className={classes.main} id={MAIN_CONTENT_ID}>
        {unitaryView ? null : <NavTabs />}
        {children}
      </main>
    </div>
  );
}
