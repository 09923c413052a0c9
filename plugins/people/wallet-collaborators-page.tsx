import { Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useAction, useSession } from '@portal/plugin-api';
import { DataTable, PageHeader, useDataList } from '@portal/ui';
import type { DataColumn } from '@portal/ui';
import { Notice } from './notice.tsx';
import { failureOf, useSetCollaboratorAdminMutation, useWalletCollaboratorsQuery } from './people-api.ts';
import type { WalletCollaborator } from './people-api.ts';
import { CollaboratorFolders } from './collaborator-folders.tsx';
import { Contact } from './contact.tsx';
import { FailureAlert } from './dialog.tsx';
import { useT } from './translation.ts';

const PAGE_SIZE = 20;

/** The firm's collaborators with their folders; a holder of COADMI003 grants or removes administration rights. */
export default function WalletCollaboratorsPage() {
  const { t } = useT();
  const canManageAdmin = useAction('collaborators.manageAdmin');
  const { user } = useSession();
  const collaborators = useDataList(useWalletCollaboratorsQuery, {}, ({ query }) => ({
    page: query.page,
    pageSize: PAGE_SIZE,
    search: query.search,
  }));
  const [setAdmin, setting] = useSetCollaboratorAdminMutation();
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const toggle = async (row: WalletCollaborator, isAdmin: boolean) => {
    setFailure(null);
    const name = `${row.firstName} ${row.lastName}`;
    const result = await setAdmin({ userId: row.userId, isAdmin });
    if ('error' in result) {
      const { code } = failureOf(result.error);
      setFailure(t(code === 'last_admin_right' ? 'collaborators.lastAdmin' : 'collaborators.adminFailed'));
      return;
    }
    setMessage(t(isAdmin ? 'collaborators.adminGranted' : 'collaborators.adminRevoked', { name }));
  };

  const columns: DataColumn<WalletCollaborator>[] = [
    {
      key: 'name',
      header: t('collaborators.name'),
      primary: 'title',
      render: (row) => (
        <Text size="sm" fw={500}>
          {row.firstName} {row.lastName}
        </Text>
      ),
    },
    {
      key: 'contact',
      header: t('collaborators.contact'),
      // Given only to those who see the users of a folder shared with that collaborator.
      render: (row) => <Contact email={row.email} officeMobile={row.officeMobile} />,
    },
    {
      key: 'folders',
      header: t('collaborators.folders'),
      primary: 'field',
      render: (row) => <CollaboratorFolders folders={row.folders} />,
    },
    {
      key: 'admin',
      header: t('collaborators.admin'),
      primary: 'status',
      render: (row) =>
        canManageAdmin ? (
          <Switch
            aria-label={t('collaborators.adminSwitch', { name: `${row.firstName} ${row.lastName}` })}
            checked={row.isAdmin}
            disabled={setting.isLoading || row.userId === user?.id}
            onChange={(event) => void toggle(row, event.currentTarget.checked)}
          />
        ) : row.isAdmin ? (
          t('users.yes')
        ) : (
          t('users.no')
        ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader title={t('collaborators.walletTitle')} description={t('collaborators.walletIntro')} />
      <Notice message={message} onClose={() => setMessage(null)} />
      <FailureAlert message={failure} />
      <DataTable
        {...collaborators}
        caption={t('collaborators.walletCaption')}
        columns={columns}
        rowKey={(row) => row.userId}
        emptyMessage={t('collaborators.walletEmpty')}
        searchLabel={t('collaborators.search')}
      />
    </Stack>
  );
}
