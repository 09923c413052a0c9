import { Anchor, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useRoutePath } from '@portal/plugin-api';
import { AuthCard } from './auth-layout.tsx';
import { useT } from './translation.ts';
import type { AuthKey, MessageSection } from './translation.ts';

/** A sign-in page that only says something: a heading, a message, links onwards. */
export function MessagePage({
  section,
  links,
  children,
}: {
  /** The `auth` namespace section holding `title`, `message` and the link labels. */
  section: MessageSection;
  /** Link label key → route name. */
  links: readonly (readonly [label: AuthKey, route: string])[];
  children?: ReactNode;
}) {
  const { t } = useT();
  return (
    <AuthCard title={t(`${section}.title`)}>
      <Text>{t(`${section}.message`)}</Text>
      {children}
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
