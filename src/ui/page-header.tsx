import { Button, Group, Menu, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from './page-title.tsx';

/** A less frequent action of the page: it runs `onClick`, or opens `to` (a route) or `href` (elsewhere). */
export type PageAction = {
  label: string;
  onClick?: () => unknown;
  to?: string;
  /** Opens in a new tab (an outside tool). */
  href?: string;
  disabled?: boolean;
};

export type PageHeaderProps = {
  /** The page's one `h1`: e2e specs find a screen by it. */
  title: ReactNode;
  /** One or two short sentences: what the page is for. */
  description?: ReactNode;
  /** The page's main action, on the right: a button (or a component that opens its dialog). */
  action?: ReactNode;
  /** The other actions, in a menu after the main one. */
  secondary?: readonly PageAction[];
};

function SecondaryActions({ actions }: { actions: readonly PageAction[] }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<span aria-hidden="true">▾</span>}>
          {t('look.moreActions')}
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

/**
 * The head of every business page: the title (the page's one `h1`), the main action on the right and
 * the others in a menu, then a short description. The actions come before the description so that on a
 * phone (390 px) the title and the first action sit at the top, whatever the description's length; the
 * title wraps rather than widening the page.
 *
 * @example
 * <PageHeader title={t('users.title')} description={t('users.intro')}
 *   action={<InviteUser />} secondary={[{ label: t('users.export'), onClick: exportCsv }]} />
 */
export function PageHeader({ title, description, action, secondary = [] }: PageHeaderProps) {
  const hasActions = action !== undefined || secondary.length > 0;
  return (
    <div data-page-header="">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <div style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <PageTitle mb={0}>{title}</PageTitle>
        </div>
        {hasActions ? (
          <Group gap="xs" wrap="wrap">
            {action}
            {secondary.length > 0 ? <SecondaryActions actions={secondary} /> : null}
          </Group>
        ) : null}
      </Group>
      {description === undefined ? null : (
        <Text c="dimmed" size="sm" mt="2xs" maw="48rem">
          {description}
        </Text>
      )}
    </div>
  );
}
