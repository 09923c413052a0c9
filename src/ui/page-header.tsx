import { Group, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title.tsx';

// The menu (Mantine's Menu and its floating position, about 10 KiB) loads only on a page that has
// secondary actions, not with every page's header.
const SecondaryActions = lazy(() => import('./page-header-menu.tsx'));

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
  /**
   * The other actions, in a menu after the main one, and the menu's name from the plugin's locales ("Plus
   * d'actions"): the page's own words, so the first pages carry no string of it.
   */
  secondary?: { label: string; actions: readonly PageAction[] };
};

/**
 * The head of every business page: the title (the page's one `h1`), the main action on the right and
 * the others in a menu, then a short description. The actions come before the description so that on a
 * phone (390 px) the title and the first action sit at the top, whatever the description's length; the
 * title wraps rather than widening the page.
 *
 * @example
 * <PageHeader title={t('users.title')} description={t('users.intro')}
 *   action={<InviteUser />}
 *   secondary={{ label: t('more'), actions: [{ label: t('users.export'), onClick: exportCsv }] }} />
 */
export function PageHeader({ title, description, action, secondary }: PageHeaderProps) {
  const hasActions = action !== undefined || secondary !== undefined;
  return (
    <div data-page-header="">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        {/* A long word (a firm's name) wraps on a phone instead of widening the page. */}
        <div style={{ flex: '1 1 14rem', minWidth: 0, overflowWrap: 'anywhere' }}>
          <PageTitle mb={0}>{title}</PageTitle>
        </div>
        {hasActions ? (
          <Group gap="xs" wrap="wrap">
            {action}
            {secondary === undefined ? null : (
              <Suspense fallback={null}>
                <SecondaryActions {...secondary} />
              </Suspense>
            )}
          </Group>
        ) : null}
      </Group>
      {description === undefined ? null : (
        <Text c="dimmed" size="sm" mt="xs" maw="48rem">
          {description}
        </Text>
      )}
    </div>
  );
}
