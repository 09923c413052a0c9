import { Stack, Text } from '@mantine/core';
import { useApplications, useSelectedEntity } from '@portal/plugin-api';
import { PageTitle } from '@portal/ui';
import { AppTiles } from './app-tiles.tsx';
import { useT } from './translation.ts';

/** The applications the person may open for the selected entity (accounting software, payroll, MEG). */
export default function EntityAppsPage() {
  const { t } = useT();
  const applications = useApplications('entity');
  const selected = useSelectedEntity();
  return (
    <Stack gap="md">
      <PageTitle>{t('entityApps.title')}</PageTitle>
      <Text c="dimmed" size="sm">
        {t('entityApps.intro', { name: selected?.entity.name ?? '' })}
      </Text>
      <AppTiles applications={applications} emptyMessage={t('entityApps.empty')} />
    </Stack>
  );
}
