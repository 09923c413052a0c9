import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTabEntries } from './nav-state.ts';

/**
 * Wallet and overview tabs as links rather than ARIA tabs: each is a page with its own address, which a
 * person can open in a new tab or copy.
 */
export function NavTabs() {
  const { t } = useTranslation();
  const tabs = useTabEntries();
  if (tabs === null || tabs.entries.length === 0) return null;
  return (
    <nav aria-label={t(tabs.kind === 'wallet' ? 'shell.walletNavigation' : 'shell.overviewNavigation')}>
      <Group component="ul" gap="xs" p={0} m={0} mb="md" style={{ listStyle: 'none' }} wrap="wrap">
        {tabs.entries.map((entry) => (
          <li key={entry.id}>
            <Button
              component={Link}
              to={entry.href}
              variant={entry.current ? 'light' : 'subtle'}
              aria-current={entry.current ? 'page' : undefined}
              size="sm"
            >
              {entry.label}
            </Button>
          </li>
        ))}
      </Group>
    </nav>
  );
}
