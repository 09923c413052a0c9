import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCurrentRoute } from '../routing/current-route.ts';
import { ENTITY_PARAM } from '../routing/redirects.ts';
import { AppHeader } from './app-header.tsx';
import { useFeatureConsulted } from './feature-consulted.ts';
import { NavTabs } from './nav-tabs.tsx';
import { Sidebar } from './sidebar.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

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
    <AppShell
      header={{ height: 60 }}
      {...(inEntityArea ? { navbar: { width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } } } : {})}
      padding={withoutPadding ? 0 : 'md'}
    >
      <SkipLink />
      <AppShell.Header>
        <AppHeader navigation={inEntityArea ? { opened, toggle } : undefined} />
      </AppShell.Header>
      {inEntityArea ? (
        <AppShell.Navbar p="sm" aria-label={t('shell.entityNavigation')}>
          <Sidebar />
        </AppShell.Navbar>
      ) : null}
      <AppShell.Main id={MAIN_CONTENT_ID}>
        {unitaryView ? null : <NavTabs />}
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
