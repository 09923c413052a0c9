import { Stack, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { NavIcon } from './icons.tsx';
import { useSidebarEntries } from './nav-state.ts';
import classes from './sidebar.module.css';

/** The entity area's navigation links: real links, the current one marked for assistive technology. */
export function Sidebar() {
  const entries = useSidebarEntries();
  // The shell's navbar around it is the labelled <nav>.
  return (
    <>
      <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <UnstyledButton
              component={Link}
              to={entry.href}
              className={classes.link ?? ''}
              aria-current={entry.current ? 'page' : undefined}
            >
              {entry.icon === undefined ? null : (
                <span className={classes.icon}>
                  <NavIcon name={entry.icon} />
                </span>
              )}
              <span className={classes.label}>{entry.label}</span>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </>
  );
}
