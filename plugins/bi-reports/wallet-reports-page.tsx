import { Stack } from '@mantine/core';
import { usePluginTranslation } from '@portal/plugin-api';
import { PageTitle } from '@portal/ui';
import { ReportsTable } from './reports-table.tsx';

/** The BI reports of every folder of the wallet, with a searchable folder filter. */
export default function WalletReportsPage() {
  const { t } = usePluginTranslation('bi-reports');
  return (
    <Stack gap="lg">
      <PageTitle>{t('walletReports.title')}</PageTitle>
      <ReportsTable />
    </Stack>
  );
}
