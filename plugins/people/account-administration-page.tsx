import { Alert, Button, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import type { SyntheticEvent } from 'react';
import { useState } from 'react';
import { useAction, useSession } from '@portal/plugin-api';
import { ConfirmAction, formatDay, PageHeader, QueryTable } from '@portal/ui';
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
import { useT } from './translation.ts';
import { WalletUsers } from './wallet-users-page.tsx';

function Admins() {
  const { t, language } = useT();
  const canDelete = useAction('admins.delete');
  const { user } = useSession();
  const admins = useAdminCollaboratorsQuery();
  const [remove] = useDeleteAdminCollaboratorMutation();
  const items = admins.data?.items ?? [];
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('admin.admins')}
      </Title>
      <QueryTable
        result={admins}
        error={{ title: t('admin.loadError'), retryLabel: t('admin.retry') }}
        caption={t('admin.adminsCaption')}
        headers={[t('users.name'), t('users.email'), t('admin.grantedAt'), canDelete && t('users.actions')]}
        compact
        row={(admin) => {
          const name = `${admin.firstName} ${admin.lastName}`;
          return (
            <Table.Tr key={admin.userId}>
              <Table.Td>{name}</Table.Td>
              <Table.Td>{admin.email}</Table.Td>
              <Table.Td>
                {admin.grantedAt === null ? '—' : formatDay(admin.grantedAt.slice(0, 10), language)}
              </Table.Td>
              {canDelete ? (
                <Table.Td>
                  {admin.userId === user?.id ? null : (
                    <ConfirmAction
                      label={t('admin.delete')}
                      ariaLabel={t('admin.deleteFor', { name })}
                      title={t('admin.deleteTitle')}
                      message={t('admin.deleteMessage', { name, email: admin.email })}
                      confirmLabel={t('admin.deleteConfirm', { name })}
                      errorMessage={t('admin.deleteFailed')}
                      buttonProps={{ color: 'var(--mantine-color-red-9)' }}
                      onConfirm={() => remove(admin.userId).unwrap()}
                    />
                  )}
                </Table.Td>
              ) : null}
            </Table.Tr>
          );
        }}
      />
      {admins.data !== undefined && items.length === 0 ? <Text c="dimmed">{t('admin.noAdmins')}</Text> : null}
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
