import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router';
import type { PageAction } from './page-header.tsx';

/** The page header's menu of secondary actions. */
export default function SecondaryActions({
  label,
  actions,
}: {
  label: string;
  actions: readonly PageAction[];
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<span aria-hidden="true">▾</span>}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => {
          const disabled = action.disabled ?? false;
          if (action.to !== undefined)
            return (
              <Menu.Item key={action.label} component={Link} to={action.to} disabled={disabled}>
                {action.label}
              </Menu.Item>
            );
          if (action.href !== undefined)
            return (
              <Menu.Item
                key={action.label}
                component="a"
                href={action.href}
                target="_blank"
                rel="noopener noreferrer"
                disabled={disabled}
              >
                {action.label}
              </Menu.Item>
            );
          return (
            <Menu.Item key={action.label} onClick={() => void action.onClick?.()} disabled={disabled}>
              {action.label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
