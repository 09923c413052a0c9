import { Anchor, Burger, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSelector } from '../store/hooks.ts';
import { useRuntime } from '../plugin-host/runtime.tsx';
import { selectIsAuthenticated } from '../store/session-slice.ts';
import { translateKey } from '../routing/translate-key.ts';
import { EntitySwitcher } from './entity-switcher.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { UserMenu } from './user-menu.tsx';

export function AppHeader({
  navigation,
}: {
  navigation: { opened: boolean; toggle: () => void } | undefined;
}) {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const branding = config.branding;
  const name = branding?.firmName ?? translateKey(t, config.app.defaultTitle);
  const authenticated = useAppSelector(selectIsAuthenticated);
  return (
    <Group h="100%" px="sm" gap="sm" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        {navigation === undefined ? null : (
          <Burger
            opened={navigation.opened}
            onClick={navigation.toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={t(navigation.opened ? 'shell.closeNavigation' : 'shell.openNavigation')}
            aria-expanded={navigation.opened}
          />
        )}
        {/* The firm's logo and name (manifest `branding`), else the portal's title; the logo alone on a phone. */}
        <Anchor
          component={Link}
          to="/"
          fw={700}
          c="inherit"
          underline="never"
          display="flex"
          // A 44 px tap target (WCAG 2.5.5) around a 28 px logo.
          style={{ alignItems: 'center', gap: 8, minHeight: 44, minWidth: 44 }}
          {...(branding?.logo === undefined ? { visibleFrom: 'md' } : {})}
          aria-label={name}
        >
          {branding?.logo === undefined ? null : (
            <img src={branding.logo.src} alt="" height={28} style={{ width: 'auto' }} />
          )}
          <Text span fw={700} visibleFrom="md">
            {name}
          </Text>
        </Anchor>
      </Group>
      {authenticated ? <EntitySwitcher /> : null}
      {authenticated ? (
        <Group gap={4} wrap="nowrap">
          <NotificationBell />
          <UserMenu />
        </Group>
      ) : null}
    </Group>
  );
}
