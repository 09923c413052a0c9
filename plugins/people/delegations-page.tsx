import { Stack, Text } from '@mantine/core';
import { useRouteHref, useSelectedEntity } from '@portal/plugin-api';
import { DataTable, PageHeader, useTableState } from '@portal/ui';
import type { DataColumn } from '@portal/ui';
import { useDelegationsQuery, useEntityUsersQuery } from './people-api.ts';
import type { Delegation } from './people-api.ts';
import { useT } from './translation.ts';

const PAGE_SIZE = 20;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOrNothing = (value: string | undefined) =>
  value !== undefined && DAY.test(value) ? value : undefined;

/** The entity's delegation log (COGES001): who granted or removed which right or folder to whom, and when. */
export default function DelegationsPage() {
  const { t, language } = useT();
  const accountId = useSelectedEntity()?.entity.accountId ?? 0;
  const table = useTableState({ filterKeys: ['person', 'from', 'to'] });
  const { filters } = table.query;
  const personId = Number(filters['person'] ?? '');
  const from = dayOrNothing(filters['from']);
  const to = dayOrNothing(filters['to']);
  const log = useDelegationsQuery(
    {
      accountId,
      page: table.query.page,
      pageSize: PAGE_SIZE,
      ...(Number.isSafeInteger(personId) && personId > 0 ? { personId } : {}),
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
    },
    { skip: accountId === 0 },
  );
  // The people to filter on: the entity's users, when the person may list them.
  const mayListUsers = useRouteHref('entity.users') !== undefined;
  const users = useEntityUsersQuery({ accountId, pageSize: 100 }, { skip: accountId === 0 || !mayListUsers });
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });

  const columns: DataColumn<Delegation>[] = [
    {
      key: 'at',
      header: t('delegations.date'),
      primary: 'field',
      render: (row) => dateTime.format(new Date(row.at)),
    },
    { key: 'actor', header: t('delegations.actor'), primary: 'field', render: (row) => row.actor.name },
    { key: 'target', header: t('delegations.target'), primary: 'field', render: (row) => row.target.name },
    {
      key: 'action',
      header: t('delegations.action'),
      primary: 'title',
      render: (row) => t(`delegations.actions.${row.action}`),
    },
    {
      key: 'details',
      header: t('delegations.details'),
      primary: 'field',
      render: (row) => (
        <Stack gap={0}>
          {row.granted.length > 0 ? (
            <Text size="sm">{t('delegations.granted', { codes: row.granted.join(', ') })}</Text>
          ) : null}
          {row.revoked.length > 0 ? (
            <Text size="sm">{t('delegations.revoked', { codes: row.revoked.join(', ') })}</Text>
          ) : null}
        </Stack>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader title={t('delegations.title')} description={t('delegations.intro')} />
      <DataTable
        caption={t('delegations.caption')}
        columns={columns}
        rowKey={(row) => row.id}
        table={table}
        result={log}
        emptyMessage={t('delegations.empty')}
        filters={[
          {
            kind: 'select',
            key: 'person',
            label: t('delegations.person'),
            allLabel: t('delegations.everyone'),
            options: (users.data?.items ?? []).map((user) => ({
              value: String(user.userId),
              label: `${user.firstName} ${user.lastName}`,
            })),
          },
          { kind: 'dateRange', labels: { from: t('delegations.from'), to: t('delegations.to') } },
        ]}
      />
    </Stack>
  );
}
