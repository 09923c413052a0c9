import { Stack, Text } from '@mantine/core';
import { useRightsInWords, useRouteHref, useSelectedEntity } from '@portal/plugin-api';
import { DataTable, PageHeader, useDataList } from '@portal/ui';
import type { DataColumn } from '@portal/ui';
import { knownRole, useDelegationsQuery, useEntityUsersQuery } from './people-api.ts';
import type { Delegation } from './people-api.ts';
import { useT } from './translation.ts';

const PAGE_SIZE = 20;

type SaidKey = Delegation['action'] | 'gave' | 'took' | 'received' | 'assignedAs';

/**
 * A history line in sentences ("Claire Solo a donné à Hugo Bernard : Banque, Indicateurs"): what was done,
 * then what was given or taken away, each right in words. A rights save that changed nothing (written
 * before such saves stopped being written) says so.
 */
function sentencesOf(
  row: Delegation,
  inWords: (rights: readonly string[]) => string,
): [SaidKey, Record<string, string>][] {
  const names = { actor: row.actor.name, target: row.target.name };
  const granted = { ...names, rights: inWords(row.granted) };
  const revoked = { ...names, rights: inWords(row.revoked) };
  const given = row.granted.length > 0;
  switch (row.action) {
    case 'rights.changed': {
      const lines: [SaidKey, Record<string, string>][] = [];
      if (given) lines.push(['gave', granted]);
      if (row.revoked.length > 0) lines.push(['took', revoked]);
      return lines.length > 0 ? lines : [['rights.changed', names]];
    }
    case 'invitation.accepted':
      return given
        ? [
            [row.action, names],
            ['received', granted],
          ]
        : [[row.action, names]];
    case 'collaborator.assigned':
      return [given ? ['assignedAs', granted] : [row.action, names]];
    case 'user.invited':
    case 'user.added':
      return given
        ? [
            [row.action, names],
            ['gave', granted],
          ]
        : [[row.action, names]];
    default:
      return [[row.action, names]];
  }
}
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOrNothing = (value: string | undefined) =>
  value !== undefined && DAY.test(value) ? value : undefined;

/**
 * The entity's delegation log (COGES001): who granted or removed which right or folder to whom, and
 * when, in sentences; rights by their names, never their codes.
 */
export default function DelegationsPage() {
  const { t, language } = useT();
  const accountId = useSelectedEntity()?.entity.accountId ?? 0;
  const log = useDataList(
    useDelegationsQuery,
    { filterKeys: ['person', 'from', 'to'], skip: accountId === 0 },
    ({ query: { page, filters } }) => {
      const personId = Number(filters['person'] ?? '');
      const from = dayOrNothing(filters['from']);
      const to = dayOrNothing(filters['to']);
      return {
        accountId,
        page,
        pageSize: PAGE_SIZE,
        ...(Number.isSafeInteger(personId) && personId > 0 ? { personId } : {}),
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
      };
    },
  );
  // The people to filter on: the entity's users, when the person may list them.
  const mayListUsers = useRouteHref('entity.users') !== undefined;
  const users = useEntityUsersQuery({ accountId, pageSize: 100 }, { skip: accountId === 0 || !mayListUsers });
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });

  const inWords = useRightsInWords({
    role: (value) => {
      const role = knownRole(value);
      return role === null ? undefined : t(`collaborators.roles.${role}`);
    },
    signatory: t('delegations.signatory'),
    allCollaboratorCodes: t('delegations.allCollaboratorCodes'),
    other: t('delegations.otherRight'),
  });

  const columns: DataColumn<Delegation>[] = [
    {
      key: 'at',
      header: t('delegations.date'),
      primary: 'field',
      render: (row) => dateTime.format(new Date(row.at)),
    },
    {
      key: 'action',
      header: t('delegations.action'),
      primary: 'title',
      render: (row) => t(`delegations.actions.${row.action}`),
    },
    {
      key: 'what',
      header: t('delegations.what'),
      primary: 'field',
      render: (row) => (
        <Stack gap={0}>
          {sentencesOf(row, inWords).map(([key, values]) => (
            <Text size="sm" key={key}>
              {t(`delegations.said.${key}`, values)}
            </Text>
          ))}
        </Stack>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader title={t('delegations.title')} description={t('delegations.intro')} />
      <DataTable
        {...log}
        caption={t('delegations.caption')}
        columns={columns}
        rowKey={(row) => row.id}
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
