import { NativeSelect, Stack } from '@mantine/core';
import { useState } from 'react';
import { PageHeader, useTableState } from '@portal/ui';
import { EditRights } from './edit-rights.tsx';
import type { Editing } from './edit-rights.tsx';
import { Notice } from './notice.tsx';
import { useWalletUsersQuery } from './people-api.ts';
import { UserTable } from './user-table.tsx';
import { useT } from './translation.ts';

const PAGE_SIZE = 20;

type WalletUsersProps = {
  /** The page's title key: the wallet tab, or the client super admin's administration page. */
  titleKey?: 'users.walletTitle' | 'admin.title';
  intro?: string;
};

/** Every user of the folders where the person may see users, one row per folder; the entity page's actions where the codes allow. */
export function WalletUsers({ titleKey = 'users.walletTitle', intro }: WalletUsersProps) {
  const { t } = useT();
  const table = useTableState({ filterKeys: ['folder'] });
  const folder = Number(table.query.filters['folder'] ?? '');
  const users = useWalletUsersQuery({
    page: table.query.page,
    pageSize: PAGE_SIZE,
    search: table.query.search,
    ...(Number.isSafeInteger(folder) && folder > 0 ? { accountId: folder } : {}),
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [message, setMessage] = useState<string | null>(null);
  // The folders seen so far, for the filter: the gateway pages users, not folders.
  const [folders, setFolders] = useState<ReadonlyMap<number, string>>(new Map());
  const rows = users.data?.items;
  if (rows?.some((row) => !folders.has(row.accountId))) {
    const next = new Map(folders);
    for (const row of rows) next.set(row.accountId, row.accountName);
    setFolders(next);
  }

  return (
    <Stack gap="md">
      <PageHeader title={t(titleKey)} description={intro ?? t('users.walletIntro')} />
      <Notice message={message} onClose={() => setMessage(null)} />
      <UserTable
        caption={t('users.walletCaption')}
        table={table}
        result={users}
        showFolder
        toolbar={
          <NativeSelect
            label={t('users.folder')}
            value={table.query.filters['folder'] ?? ''}
            onChange={(event) => table.setFilter('folder', event.currentTarget.value)}
            data={[
              { value: '', label: t('users.allFolders') },
              ...[...folders].map(([id, name]) => ({ value: String(id), label: name })),
            ]}
          />
        }
        onManageRights={(userId, accountId) => setEditing({ accountId, userId })}
        onMessage={setMessage}
      />
      <EditRights
        editing={editing}
        rows={rows}
        callerOn={(accountId) => ({
          codes: rows?.find((row) => row.accountId === accountId)?.callerPermissions ?? [],
        })}
        reload={() => void users.refetch()}
        onClose={() => setEditing(null)}
        onMessage={setMessage}
      />
    </Stack>
  );
}

export default function WalletUsersPage() {
  return <WalletUsers />;
}
