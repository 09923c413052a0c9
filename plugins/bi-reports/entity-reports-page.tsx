import { Stack } from '@mantine/core';
import { useSelectedEntity } from '@portal/plugin-api';
import { PageHeader } from '@portal/ui';
import { ReportsTable } from './reports-table.tsx';
import { useT } from './translation.ts';

/** The entity's BI reports: financial, HR or both, as the person's codes allow (the gateway filters). */
export default function EntityReportsPage() {
  const { t } = useT();
  const accountId = useSelectedEntity()?.entity.accountId ?? 0;
  return (
    <Stack gap="lg">
      <PageHeader title={t('entityReports.title')} description={t('intro.presentation')} />
      <ReportsTable accountId={accountId} />
    </Stack>
  );
}
