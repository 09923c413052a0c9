import { NavLink, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { NavIcon } from './icons.tsx';
import { useSidebarEntries } from './nav-state.ts';

/** The entity area's navigation links: real links, the current one marked for assistive technology. */
export function Sidebar() {
  const entries = useSidebarEntries();
  // The shell's navbar around it is the labelled <nav>.
  return (
    <>
      <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <NavLink
              component={Link}
              to={entry.href}
              label={entry.label}
              leftSection={entry.icon === undefined ? null : <NavIcon name={entry.icon} />}
              active={entry.current}
              aria-current={entry.current ? 'page' : undefined}
            />
          </li>
        ))}
      </Stack>
    </>
  );
}
