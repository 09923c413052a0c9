import { Stack } from '@mantine/core';
import { useApplications, useSelectedEntity } from '@portal/plugin-api';
import { PageHeader } from '@portal/ui';
import { AppTiles } from './app-tiles.tsx';
import { useT } from './translation.ts';

/** The applications the person may open for the selected entity (accounting software, payroll, MEG). */
export default function EntityAppsPage() {
  const { t } = useT();
  const applications = useApplications('entity');
  const selected = useSelectedEntity();
  return (
    <Stack gap="md">
      <PageHeader
        title={t('entityApps.title')}
        description={t('entityApps.intro', { name: selected?.entity.name ?? '' })}
      />
      <AppTiles
        applications={applications}
        empty={{ title: t('entityApps.empty'), hint: t('entityApps.emptyHint') }}
      />
    </Stack>
  );
}
