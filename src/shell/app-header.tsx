import { Anchor, Burger, Group } from '@mantine/core';
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
        <Anchor component={Link} to="/" fw={700} c="inherit" underline="never" visibleFrom="md">
          {translateKey(t, config.app.defaultTitle)}
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
