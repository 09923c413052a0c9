import { Stack } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useAction, useSelectedEntity, useSession } from '@portal/plugin-api';
import { PageHeader, useTableState } from '@portal/ui';
import { EditRights } from './edit-rights.tsx';
import type { Editing } from './edit-rights.tsx';
import { InviteUser } from './invite-user.tsx';
import { Notice } from './notice.tsx';
import { useEntityUsersQuery } from './people-api.ts';
import type { ListedUser } from './people-api.ts';
import { UserTable } from './user-table.tsx';
import { useT } from './translation.ts';

const SORTS = ['name', 'email', 'lastSignInAt'] as const;
const PAGE_SIZE = 20;

type FoundRow = Pick<ListedUser, 'userId' | 'email'>;
type Found = { personId: number; row: FoundRow | undefined; page: number | undefined };

/**
 * The person a notification opened the list on: asked of the gateway once (`asking`, its focus), then the
 * row it found (`row`: their membership, or their pending invitation, which has no id), kept while the
 * person pages through the list. Until the address reaches the page it was found on, that page is the one
 * asked for (`page`), so the first page is never fetched in between.
 */
function useFocusedPerson(personId: number | undefined, addressPage: number) {
  const [found, setFound] = useState<Found | undefined>();
  const current = found !== undefined && found.personId === personId ? found : undefined;
  const answered = useCallback((id: number, row: FoundRow | undefined, page: number) => {
    setFound({
      personId: id,
      row: row === undefined ? undefined : { userId: row.userId, email: row.email },
      page,
    });
  }, []);
  // The address has reached it: from now on the address alone says the page (set while rendering, as
  // React advises for state that follows a prop).
  if (current?.page === addressPage) setFound({ ...current, page: undefined });
  return {
    asking: personId !== undefined && current === undefined ? personId : undefined,
    row: current?.row,
    page: current?.page ?? addressPage,
    answered,
  };
}

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
  const personId = person !== undefined && /^\d+$/.test(person) ? Number(person) : undefined;
  const found = useFocusedPerson(personId, table.query.page);
  const users = useEntityUsersQuery(
    {
      accountId,
      page: found.page,
      pageSize: PAGE_SIZE,
      search: table.query.search,
      sort: SORTS.find((sort) => sort === table.query.sort) ?? 'name',
      order: table.query.order,
      ...(found.asking === undefined ? {} : { focus: found.asking }),
    },
    { skip: accountId === 0 },
  );
  const { setPage } = table;
  const { answered } = found;
  // The gateway answers the page holding the person: the address follows it, so paging goes on from there.
  useEffect(() => {
    const { data, originalArgs, isFetching } = users;
    if (found.asking === undefined || isFetching || data === undefined) return;
    if (originalArgs?.focus !== found.asking) return;
    const row = data.focusIndex === undefined ? undefined : data.items[data.focusIndex];
    answered(found.asking, row, data.currentPage);
    if (data.currentPage !== table.query.page) setPage(data.currentPage);
  }, [users, found.asking, answered, setPage, table.query.page]);
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
        highlighted={found.row}
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
