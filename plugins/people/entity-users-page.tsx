import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useAction, useSelectedEntity, useSession } from '@portal/plugin-api';
import { PageHeader, useTableState } from '@portal/ui';
import { EditRights } from './edit-rights.tsx';
import type { Editing } from './edit-rights.tsx';
import { InviteUser } from './invite-user.tsx';
import { Notice } from './notice.tsx';
import { useEntityUsersQuery } from './people-api.ts';
import { UserTable } from './user-table.tsx';
import { useT } from './translation.ts';

const SORTS = ['name', 'email', 'lastSignInAt'] as const;
const PAGE_SIZE = 20;

/** The entity's users (CLUSER001 / COUSER001 / CLADMI001): invite, manage rights and remove, each by its manifest action. */
export default function EntityUsersPage() {
  const { t } = useT();
  const selected = useSelectedEntity();
  const { isCollab } = useSession();
  const accountId = selected?.entity.accountId ?? 0;
  const canAdd = useAction('users.add');
  const canGrant = useAction('users.manageRights');
  // `person`: the user a notification is about (its link opens the list on them).
  const table = useTableState({ defaultSort: 'name', filterKeys: ['person'] });
  const person = table.query.filters['person'];
  const highlightedUserId = person !== undefined && /^\d+$/.test(person) ? Number(person) : undefined;
  const users = useEntityUsersQuery(
    {
      accountId,
      page: table.query.page,
      pageSize: PAGE_SIZE,
      search: table.query.search,
      sort: SORTS.find((sort) => sort === table.query.sort) ?? 'name',
      order: table.query.order,
    },
    { skip: accountId === 0 },
  );
  const [editing, setEditing] = useState<Editing>(null);
  const [message, setMessage] = useState<string | null>(null);
  const held = new Set(selected?.permissions ?? []);
  const entity = { accountId, name: selected?.entity.name ?? '' };

  return (
    <Stack gap="md">
      <PageHeader
        title={t('users.title')}
        description={t('users.intro')}
        {...(canAdd
          ? {
              action: (
                <InviteUser
                  accountId={accountId}
                  canGrant={canGrant}
                  canChange={(code) => isCollab || held.has(code)}
                  onDone={setMessage}
                />
              ),
            }
          : {})}
      />
      <Notice message={message} onClose={() => setMessage(null)} />
      <UserTable
        caption={t('users.caption')}
        table={table}
        result={users}
        entity={entity}
        sortable={SORTS}
        highlightedUserId={highlightedUserId}
        onManageRights={(userId) => setEditing({ accountId, userId })}
        onMessage={setMessage}
      />
      <EditRights
        editing={editing}
        rows={users.data?.items}
        callerOn={() => ({ codes: selected?.permissions ?? [] })}
        reload={() => void users.refetch()}
        onClose={() => setEditing(null)}
        onMessage={setMessage}
      />
    </Stack>
  );
}
