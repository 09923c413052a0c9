import { Alert, Button, Group, NativeSelect, Stack, Title } from '@mantine/core';
import type { SyntheticEvent } from 'react';
import { useState } from 'react';
import { useAction, useSession } from '@portal/plugin-api';
import { DataTable, formatDay, PageHeader, useTableState } from '@portal/ui';
import type { DataColumn, RowAction } from '@portal/ui';
import { CreateEntityWizard } from './create-entity-wizard.tsx';
import { Notice } from './notice.tsx';
import {
  COLLABORATOR_ROLES,
  useAdminCollaboratorsQuery,
  useAssignCollaboratorMutation,
  useDeleteAdminCollaboratorMutation,
  useMyFoldersQuery,
  useWalletCollaboratorsQuery,
} from './people-api.ts';
import type { AdminCollaborator } from './people-api.ts';
import { useT } from './translation.ts';
import { WalletUsers } from './wallet-users-page.tsx';

/** The firm's administrators: a short list shown whole, as cards on a phone (it was wider than one). */
function Admins() {
  const { t, language } = useT();
  const canDelete = useAction('admins.delete');
  const { user } = useSession();
  const admins = useAdminCollaboratorsQuery();
  const [remove] = useDeleteAdminCollaboratorMutation();
  const table = useTableState({ prefix: 'admins.' });
  const items = admins.data?.items;
  const nameOf = (admin: AdminCollaborator) => `${admin.firstName} ${admin.lastName}`;
  const columns: DataColumn<AdminCollaborator>[] = [
    { key: 'name', header: t('users.name'), primary: 'title', render: nameOf },
    { key: 'email', header: t('users.email'), primary: 'field', render: (admin) => admin.email },
    {
      key: 'grantedAt',
      header: t('admin.grantedAt'),
      primary: 'field',
      render: (admin) => (admin.grantedAt === null ? '—' : formatDay(admin.grantedAt.slice(0, 10), language)),
    },
  ];
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('admin.admins')}
      </Title>
      <DataTable
        caption={t('admin.adminsCaption')}
        columns={columns}
        rowKey={(admin) => admin.userId}
        table={table}
        // The whole list in one answer: one page.
        result={{
          ...admins,
          data:
            items === undefined
              ? undefined
              : { items, currentPage: 1, totalPage: 1, totalItems: items.length },
        }}
        emptyMessage={t('admin.noAdmins')}
        {...(canDelete
          ? {
              rowActions: {
                name: nameOf,
                of: (admin: AdminCollaborator): RowAction[] =>
                  admin.userId === user?.id
                    ? []
                    : [
                        {
                          key: 'delete',
                          label: t('admin.delete'),
                          ariaLabel: t('admin.deleteFor', { name: nameOf(admin) }),
                          danger: true,
                          confirm: {
                            title: t('admin.deleteTitle'),
                            message: t('admin.deleteMessage', { name: nameOf(admin), email: admin.email }),
                            confirmLabel: t('admin.deleteConfirm', { name: nameOf(admin) }),
                            errorMessage: t('admin.deleteFailed'),
                            onConfirm: () => remove(admin.userId).unwrap(),
                          },
                        },
                      ],
              },
            }
          : {})}
      />
    </Stack>
  );
}

function ManageFolders({ onMessage }: { onMessage: (message: string) => void }) {
  const { t } = useT();
  const folders = useMyFoldersQuery();
  const collaborators = useWalletCollaboratorsQuery({ pageSize: 100 });
  const [assign, assigning] = useAssignCollaboratorMutation();
  const [folder, setFolder] = useState('');
  const [person, setPerson] = useState('');
  const [role, setRole] = useState<string>(COLLABORATOR_ROLES[0] ?? 'partner');
  const [failed, setFailed] = useState(false);
  const folderItems = folders.data?.items ?? [];
  const people = collaborators.data?.items ?? [];
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const accountId = Number(folder || folderItems[0]?.accountId);
    const userId = Number(person || people[0]?.userId);
    if (!(accountId > 0 && userId > 0)) return;
    setFailed(false);
    const result = await assign({ accountId, userId, role });
    if ('error' in result) {
      setFailed(true);
      return;
    }
    const who = people.find((item) => item.userId === userId);
    onMessage(
      t('admin.assigned', {
        name: who === undefined ? '' : `${who.firstName} ${who.lastName}`,
        folder: folderItems.find((item) => item.accountId === accountId)?.name ?? '',
      }),
    );
  };
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('admin.assignTitle')}
      </Title>
      {failed ? (
        <Alert color="red" variant="light" role="alert">
          {t('admin.assignFailed')}
        </Alert>
      ) : null}
      <form onSubmit={(event) => void submit(event)}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label={t('admin.assignFolder')}
            value={folder}
            onChange={(event) => setFolder(event.currentTarget.value)}
            data={folderItems.map((item) => ({ value: String(item.accountId), label: item.name }))}
          />
          <NativeSelect
            label={t('admin.assignCollaborator')}
            value={person}
            onChange={(event) => setPerson(event.currentTarget.value)}
            data={people.map((item) => ({
              value: String(item.userId),
              label: `${item.firstName} ${item.lastName}`,
            }))}
          />
          <NativeSelect
            label={t('admin.assignRole')}
            value={role}
            onChange={(event) => setRole(event.currentTarget.value)}
            data={COLLABORATOR_ROLES.map((value) => ({ value, label: t(`collaborators.roles.${value}`) }))}
          />
          <Button type="submit" loading={assigning.isLoading}>
            {t('admin.assignSubmit')}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

/**
 * Account administration. Collaborators: the firm's administrators (COADMI001, deleted with COADMI002),
 * folder assignments (COADMI004) and the entity wizard (COADMI007). The client super admin (CLADMI001)
 * manages the users and rights of every entity of theirs.
 */
export default function AccountAdministrationPage() {
  const { t } = useT();
  const { isCollab } = useSession();
  const canSeeAdmins = useAction('admins.view');
  const canManageFolders = useAction('folders.manage');
  const canCreate = useAction('entities.create');
  const [message, setMessage] = useState<string | null>(null);
  if (!isCollab) return <WalletUsers titleKey="admin.title" intro={t('admin.clientIntro')} />;
  return (
    <Stack gap="lg">
      <PageHeader title={t('admin.title')} description={t('admin.intro')} />
      <Notice message={message} onClose={() => setMessage(null)} />
      {canCreate ? <CreateEntityWizard /> : null}
      {canSeeAdmins ? <Admins /> : null}
      {canManageFolders ? <ManageFolders onMessage={setMessage} /> : null}
    </Stack>
  );
}
