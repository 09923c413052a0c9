import { Stack, Table } from '@mantine/core';
import { useSelectedEntity } from '@portal/plugin-api';
import { PageHeader, QueryTable } from '@portal/ui';
import { Contact } from './contact.tsx';
import { useEntityCollaboratorsQuery } from './people-api.ts';
import { useT } from './translation.ts';

/** The firm's staff assigned to the entity, with their role and, for who may see users, how to reach them. */
export default function EntityCollaboratorsPage() {
  const { t } = useT();
  const accountId = useSelectedEntity()?.entity.accountId ?? 0;
  const collaborators = useEntityCollaboratorsQuery(accountId, { skip: accountId === 0 });
  const withContact = (collaborators.data?.items ?? []).some((item) => item.email !== undefined);
  return (
    <Stack gap="md">
      <PageHeader title={t('collaborators.title')} description={t('collaborators.intro')} />
      <QueryTable
        result={collaborators}
        error={{
          title: t('collaborators.loadError'),
          message: t('collaborators.loadErrorHint'),
          retryLabel: t('collaborators.retry'),
        }}
        empty={{ title: t('collaborators.empty'), reason: t('collaborators.emptyReason') }}
        caption={t('collaborators.caption')}
        headers={[
          t('collaborators.name'),
          t('collaborators.role'),
          withContact && t('collaborators.contact'),
        ]}
        minWidth={480}
        compact
        row={(item) => (
          <Table.Tr key={item.userId}>
            <Table.Td>
              {item.firstName} {item.lastName}
            </Table.Td>
            <Table.Td>
              {item.role === null ? t('collaborators.noRole') : t(`collaborators.roles.${item.role}`)}
            </Table.Td>
            {withContact ? (
              <Table.Td>
                <Contact email={item.email} officeMobile={item.officeMobile} callable />
              </Table.Td>
            ) : null}
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
