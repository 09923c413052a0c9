import { Skeleton, Stack, Table, Text } from '@mantine/core';
import { PageHeader, QueryTable, StatusBadge } from '@portal/ui';
import { useWalletSubscriptionsQuery } from './offers-api.ts';
import { SUBSCRIPTION_TONES } from './status-tones.ts';
import { useT } from './translation.ts';

/**
 * The subscriptions of every entity the person may see offers of. A short list (a few per entity), so one
 * plain table rather than the paged one.
 */
export default function SubscriptionsPage() {
  const { t } = useT();
  const subscriptions = useWalletSubscriptionsQuery();
  return (
    <Stack gap="md">
      <PageHeader title={t('subscriptions.title')} description={t('subscriptions.intro')} />
      <QueryTable
        result={subscriptions}
        error={{ title: t('subscriptions.error'), message: t('errorHint'), retryLabel: t('retry') }}
        placeholder={<Skeleton height={160} radius="md" aria-hidden="true" />}
        empty={{ title: t('subscriptions.empty'), reason: t('subscriptions.emptyReason') }}
        caption={t('subscriptions.caption')}
        headers={[t('subscriptions.entity'), t('subscriptions.offer'), t('subscriptions.status')]}
        minWidth={480}
        row={(row) => (
          <Table.Tr key={`${String(row.accountId)}-${row.offerCode}`}>
            <Table.Td>
              {row.accountName}{' '}
              <Text span size="xs" c="dimmed">
                {row.accountNumber}
              </Text>
            </Table.Td>
            <Table.Td>{row.offerName}</Table.Td>
            <Table.Td>
              <StatusBadge
                status={row.status}
                tones={SUBSCRIPTION_TONES}
                label={t(`subscriptions.statuses.${row.status}`)}
              />
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
