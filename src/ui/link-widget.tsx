import { Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Where a widget's link leads: a page of the portal (`to`) or another site, opened in a new tab (`href`). */
type WidgetLinkTarget = { to: string } | { href: string };

export type LinkWidgetProps = {
  /** The widget's presentation (already translated), shown as small text above the link. */
  text?: string;
  /** What stands between the presentation and the link (a price, a list...). */
  children?: ReactNode;
  /** Absent when the person may not open the page the link leads to: the widget then shows no link. */
  link?: (WidgetLinkTarget & { label: string; onOpen: () => void }) | undefined;
};

/**
 * The home widgets that present something and link to it (the lab, single sign-on, the accounting and
 * smart-offer introductions, the latest documents): one layout, the texts and the target as props.
 *
 * @example
 * <LinkWidget text={t('lab.presentation')}
 *   link={{ href: options.url, label: t('lab.link'), onOpen: () => track('widgetInteracted', {...}) }} />
 */
export function LinkWidget({ text, children, link }: LinkWidgetProps) {
  return (
    <Stack gap="sm">
      {text === undefined ? null : <Text size="sm">{text}</Text>}
      {children}
      {link === undefined ? null : 'to' in link ? (
        <Anchor component={Link} to={link.to} onClick={link.onOpen}>
          {link.label}
        </Anchor>
      ) : (
        <Anchor href={link.href} target="_blank" rel="noopener noreferrer" onClick={link.onOpen}>
          {link.label}
        </Anchor>
      )}
    </Stack>
  );
}
