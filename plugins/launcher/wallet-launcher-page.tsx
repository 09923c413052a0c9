import { Stack, Text } from '@mantine/core';
import { useApplications } from '@portal/plugin-api';
import { PageTitle } from '@portal/ui';
import { AppTiles } from './app-tiles.tsx';
import { useT } from './translation.ts';

/** The firm's external tools for collaborators, whatever the folder. */
export default function WalletLauncherPage() {
  const { t } = useT();
  const applications = useApplications('wallet');
  return (
    <Stack gap="md">
      <PageTitle>{t('walletLauncher.title')}</PageTitle>
      <Text c="dimmed" size="sm">
        {t('walletLauncher.intro')}
      </Text>
      <AppTiles applications={applications} emptyMessage={t('walletLauncher.empty')} />
    </Stack>
  );
}
