import { Anchor, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBranding, useRoutePath } from '@portal/plugin-api';
import { SupportContact } from '@portal/ui';
import { AuthCard } from './auth-layout.tsx';
import { useT } from './translation.ts';
import type { AuthKey, MessageSection } from './translation.ts';

/** A sign-in page that only says something: a heading, a message, links onwards. */
export function MessagePage({
  section,
  links,
  withSupportContact = false,
  children,
}: {
  /** The `auth` namespace section holding `title`, `message` and the link labels. */
  section: MessageSection;
  /** Link label key → route name. */
  links: readonly (readonly [label: AuthKey, route: string])[];
  /** The whole support contact in the card (where the person is stuck), rather than the line under it. */
  withSupportContact?: boolean;
  children?: ReactNode;
}) {
  const { t } = useT();
  const support = useBranding()?.support;
  return (
    <AuthCard title={t(`${section}.title`)} supportLine={!withSupportContact}>
      <Text>{t(`${section}.message`)}</Text>
      {children}
      {withSupportContact ? <SupportContact support={support} /> : null}
      <Group gap="md">
        {links.map(([label, route]) => (
          <RouteLink key={label} route={route}>
            {t(label)}
          </RouteLink>
        ))}
      </Group>
    </AuthCard>
  );
}

function RouteLink({ route, children }: { route: string; children: ReactNode }) {
  const to = useRoutePath(route);
  return (
    <Anchor component={Link} to={to}>
      {children}
    </Anchor>
  );
}
