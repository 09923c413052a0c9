import { Paper, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useTrack } from '@portal/plugin-api';
import type { LauncherApplication } from '@portal/plugin-api';
import { EmptyState } from '@portal/ui';
import type { EmptyStateProps } from '@portal/ui';
import { useT } from './translation.ts';
import type { LauncherKey } from './translation.ts';

// A few outline icons by the manifest's name; an unknown name shows the generic window.
const ICON_PATHS: Readonly<Record<string, string>> = {
  calculator: 'M6 3h12v18H6z M9 7h6 M9 11h1 M14 11h1 M9 15h1 M14 15h1',
  payroll: 'M4 6h16v12H4z M4 10h16 M8 14h3',
  folder: 'M3 6h6l2 2h10v11H3z',
  home: 'M3 11l9-7 9 7 M5 10v10h14V10',
};
const WINDOW = 'M3 5h18v14H3z M3 9h18';

function AppIcon({ name }: { name: string }) {
  return (
    <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
      <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6">
        <path d={ICON_PATHS[name] ?? WINDOW} />
      </svg>
    </ThemeIcon>
  );
}

/** The applications as tiles opening in a new tab, each counted as a Feature Consulted event. */
export function AppTiles({
  applications,
  empty,
}: {
  applications: readonly LauncherApplication[];
  /** What shows when no application is open to the person. */
  empty: EmptyStateProps;
}) {
  const { t } = useT();
  const track = useTrack();
  if (applications.length === 0) return <EmptyState {...empty} />;
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, xs: 2, md: 3 }}
      spacing="md"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {applications.map((application) => (
        <li key={application.id}>
          <UnstyledButton
            component="a"
            href={application.href}
            target="_blank"
            // The application must not reach back into the portal's window, nor learn where it came from.
            rel="noopener noreferrer"
            onClick={() => track('featureConsulted', { feature: `launcher-${application.id}` })}
            display="block"
            h="100%"
          >
            <Paper withBorder radius="md" p="md" h="100%">
              <Stack gap="xs" align="flex-start">
                <AppIcon name={application.icon} />
                {/* The labels are data of the manifest: keys of this namespace by convention. */}
                <Text fw={600}>{t(application.label as LauncherKey)}</Text>
                <Text size="sm" c="dimmed">
                  {t(`${application.label}Text` as LauncherKey)}
                </Text>
                <Text size="xs" c="blue.8">
                  {t('tile.newTab')}
                </Text>
              </Stack>
            </Paper>
          </UnstyledButton>
        </li>
      ))}
    </SimpleGrid>
  );
}
