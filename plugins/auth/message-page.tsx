import { Anchor, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePluginTranslation, useRoutePath } from '@portal/plugin-api';
import { AuthCard } from './auth-layout.tsx';

/** A sign-in page that only says something: a heading, a message, links onwards. */
export function MessagePage({
  section,
  links,
  children,
}: {
  /** The `auth` namespace section holding `title`, `message` and the link labels. */
  section: string;
  /** Link label key (inside the section) → route name. */
  links: readonly (readonly [label: string, route: string])[];
  children?: ReactNode;
}) {
  const { t } = usePluginTranslation('auth');
  return (
    <AuthCard title={t(`${section}.title`)}>
      <Text>{t(`${section}.message`)}</Text>
      {children}
      <Group gap="md">
        {links.map(([label, route]) => (
          <RouteLink key={label} route={route}>
            {t(`${section}.${label}`)}
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
