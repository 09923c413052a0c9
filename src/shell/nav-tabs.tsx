import { Button } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './nav-tabs.module.css';
import { useTabEntries } from './nav-state.ts';

/**
 * Wallet and overview tabs as links rather than ARIA tabs: each is a page with its own address, which a
 * person can open in a new tab or copy. On a phone they are one row that scrolls sideways, the current
 * tab brought into view.
 */
export function NavTabs() {
  const { t } = useTranslation();
  const tabs = useTabEntries();
  const list = useRef<HTMLUListElement>(null);
  const current = tabs?.entries.find((entry) => entry.current)?.id;

  // The row's own scroll only (not the page's, which scrollIntoView would move): the current tab centred
  // when the row is narrower than its tabs, nothing when they all show.
  useLayoutEffect(() => {
    const row = list.current;
    const tab = row?.querySelector<HTMLElement>('[aria-current="page"]')?.parentElement;
    if (!row || !tab || row.scrollWidth <= row.clientWidth) return;
    const offset = tab.getBoundingClientRect().left - row.getBoundingClientRect().left;
    row.scrollLeft += offset - (row.clientWidth - tab.offsetWidth) / 2;
  }, [current]);

  if (tabs === null || tabs.entries.length === 0) return null;
  return (
    <nav aria-label={t(tabs.kind === 'wallet' ? 'shell.walletNavigation' : 'shell.overviewNavigation')}>
      <ul className={classes.tabs} ref={list}>
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
      </ul>
    </nav>
  );
}
