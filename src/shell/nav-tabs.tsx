import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './nav-tabs.module.css';
import { useTabEntries } from './nav-state.ts';

function bringIntoView(tab: HTMLElement | null): void {
  tab?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/**
 * Wallet and overview tabs as links rather than ARIA tabs: each is a page with its own address, which a
 * person can open in a new tab or copy. On a phone they are one row that scrolls sideways, the current
 * tab brought into view.
 */
export function NavTabs() {
  const { t } = useTranslation();
  const tabs = useTabEntries();
  if (tabs === null || tabs.entries.length === 0) return null;
  return (
    <nav aria-label={t(tabs.kind === 'wallet' ? 'shell.walletNavigation' : 'shell.overviewNavigation')}>
      <ul className={classes.tabs}>
        {tabs.entries.map((entry) => (
          <li key={entry.id}>
            <Button
              component={Link}
              to={entry.href}
              variant={entry.current ? 'light' : 'subtle'}
              aria-current={entry.current ? 'page' : undefined}
              size="sm"
              // In the row (which scrolls on a phone), the current tab shows; the page does not move.
              ref={entry.current ? bringIntoView : undefined}
            >
              {entry.label}
            </Button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
