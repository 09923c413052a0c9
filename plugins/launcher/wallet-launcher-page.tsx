import { Stack } from '@mantine/core';
import { useApplications } from '@portal/plugin-api';
import { PageHeader } from '@portal/ui';
import { AppTiles } from './app-tiles.tsx';
import { useT } from './translation.ts';

/** The firm's external tools for collaborators, whatever the folder. */
export default function WalletLauncherPage() {
  const { t } = useT();
  const applications = useApplications('wallet');
  return (
    <Stack gap="md">
      <PageHeader title={t('walletLauncher.title')} description={t('walletLauncher.intro')} />
      <AppTiles
        applications={applications}
        empty={{ title: t('walletLauncher.empty'), hint: t('walletLauncher.emptyHint') }}
      />
    </Stack>
  );
}
