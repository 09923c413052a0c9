import { Stack } from '@mantine/core';
import { PageTitle } from '@portal/ui';
import { ReportsTable } from './reports-table.tsx';
import { useT } from './translation.ts';

/** The BI reports of every folder of the wallet, with a searchable folder filter. */
export default function WalletReportsPage() {
  const { t } = useT();
  return (
    <Stack gap="lg">
      <PageTitle>{t('walletReports.title')}</PageTitle>
      <ReportsTable />
    </Stack>
  );
}
