import { Badge, Skeleton, Stack, Table, Text } from '@mantine/core';
import { PageTitle, QueryTable } from '@portal/ui';
import { useWalletSubscriptionsQuery } from './offers-api.ts';
import { useT } from './translation.ts';

const COLORS = { validated: 'teal.9', pending: 'indigo.9', refused: 'gray.7', cancelled: 'gray.7' } as const;

/**
 * The subscriptions of every entity the person may see offers of. A short list (a few per entity), so one
 * plain table rather than the paged one.
 */
export default function SubscriptionsPage() {
  const { t } = useT();
  const subscriptions = useWalletSubscriptionsQuery();
  return (
    <Stack gap="md">
      <PageTitle>{t('subscriptions.title')}</PageTitle>
      <QueryTable
        result={subscriptions}
        error={{ title: t('subscriptions.error'), retryLabel: t('retry') }}
        placeholder={<Skeleton height={160} radius="md" aria-hidden="true" />}
        empty={t('subscriptions.empty')}
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
              <Badge variant="filled" color={COLORS[row.status]}>
                {t(`subscriptions.statuses.${row.status}`)}
              </Badge>
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
