import { Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useRouteHref } from '@portal/plugin-api';
import { PageHeader } from '@portal/ui';
import { ReportsTable } from './reports-table.tsx';
import { useT } from './translation.ts';

/** The BI reports of every folder of the wallet, with a searchable folder filter. */
export default function WalletReportsPage() {
  const { t } = useT();
  // Shown only where the deposit page is open to the person (its flag and code).
  const depositHref = useRouteHref('wallet.biDeposit');
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('walletReports.title')}
        {...(depositHref === undefined
          ? {}
          : {
              action: (
                <Button component={Link} to={depositHref}>
                  {t('deposit.title')}
                </Button>
              ),
            })}
      />
      <ReportsTable />
    </Stack>
  );
}
