import { Badge, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useActionCheck, useSession } from '@portal/plugin-api';
import { DataTable, formatDay, StatusBadge } from '@portal/ui';
import type { DataColumn, DataResult, RowAction, StatusTone, TableState } from '@portal/ui';
import { useEffect } from 'react';
import { failureOf, useRemoveEntityUserMutation } from './people-api.ts';
import type { ListedUser } from './people-api.ts';
import { useT } from './translation.ts';

// An invitation still waits for its answer; an active user has accepted it (docs/ui.md).
const STATUS_TONES: Readonly<Record<UserRow['status'], StatusTone>> = { invited: 'info', active: 'success' };

/** A user on one entity (or an invitation to it); a wallet row also names its folder and the caller's codes there. */
export type UserRow = ListedUser & {
  accountId?: number;
  accountName?: string;
  callerPermissions?: readonly string[];
};

type UserTableProps<Row extends UserRow> = {
  caption: string;
  table: TableState;
  result: DataResult<Row>;
  /** The entity of rows that do not name theirs (the entity page). */
  entity?: { accountId: number; name: string };
  /** Show the folder column (the wallet list). */
  showFolder?: boolean;
  /** Columns the gateway sorts by. */
  sortable?: readonly string[];
  toolbar?: ReactNode;
  /**
   * The row a notification opened the list on (a user by id; a pending invitation, which has none, by its
   * address): marked, said and scrolled into view.
   */
  highlighted?: Pick<UserRow, 'userId' | 'email'> | undefined;
  onManageRights: (userId: number, accountId: number) => void;
  onMessage: (message: string) => void;
};

/**
 * A row's actions, each offered only when the manifest's rule holds for the caller on that row's entity:
 * collaborators' codes are not managed here, and a customer never detaches the firm's staff nor themself.
 * An invitation waiting for its answer is nobody's yet: no rights to edit, nobody to remove.
 */
function useRowActions<Row extends UserRow>(
  where: (row: Row) => { accountId: number; entityName: string },
  onManageRights: (userId: number, accountId: number) => void,
  onMessage: (message: string) => void,
): (row: Row) => RowAction[] {
  const { t } = useT();
  const mayManage = useActionCheck('users.manageRights');
  const mayRemove = useActionCheck('users.remove');
  const { user, isCollab } = useSession();
  const [remove] = useRemoveEntityUserMutation();
  return (row) => {
    const { userId } = row;
    if (userId === null) return [];
    const { accountId, entityName } = where(row);
    const options = row.callerPermissions === undefined ? {} : { entityPermissions: row.callerPermissions };
    const name = `${row.firstName} ${row.lastName}`;
    const actions: RowAction[] = [];
    if (mayManage(options) && row.isCustomer)
      actions.push({
        key: 'manage',
        label: t('users.manageRights'),
        ariaLabel: t('users.manageRightsFor', { name }),
        variant: 'light',
        onSelect: () => onManageRights(userId, accountId),
      });
    if (mayRemove(options) && user?.id !== userId && (isCollab || row.isCustomer))
      actions.push({
        key: 'remove',
        label: t('users.remove'),
        ariaLabel: t('users.removeFor', { name }),
        danger: true,
        confirm: {
          title: t('users.removeTitle'),
          message: t('users.removeMessage', { name, email: row.email, entity: entityName }),
          confirmLabel: t('users.removeConfirm', { name }),
          // The gateway's reasons a person can act on; anything else is the general failure.
          errorMessage: (error) => {
            const { code, status } = failureOf(error);
            if (code === 'last_administrator') return t('users.lastAdministrator', { name });
            if (status === 403) return t('users.removeForbidden', { name });
            return t('users.removeFailed');
          },
          onConfirm: async () => {
            await remove({ accountId, userId }).unwrap();
            onMessage(t('users.removed', { name }));
          },
        },
      });
    return actions;
  };
}

/** The one list of users, for an entity, the wallet and the client administration: sortable, searchable, paged by the gateway. */
export function UserTable<Row extends UserRow>(props: UserTableProps<Row>) {
  const { t, language } = useT();
  const { entity, showFolder = false, sortable = [], onManageRights, onMessage } = props;
  const keyOf = (row: Row) =>
    `${String(row.accountId ?? entity?.accountId ?? 0)}:${row.userId === null ? `invited:${row.email}` : String(row.userId)}`;
  const wanted = props.highlighted;
  const highlighted = props.result.data?.items.find(
    (row) => row.userId === wanted?.userId && (wanted.userId !== null || row.email === wanted.email),
  );
  const highlightedKey = highlighted === undefined ? undefined : keyOf(highlighted);
  // Brought into view once its page is there (a notification opens the list on it).
  useEffect(() => {
    if (highlightedKey === undefined) return;
    document.querySelector('[data-highlighted]')?.scrollIntoView({ block: 'center' });
  }, [highlightedKey]);
  const where = (row: Row) => ({
    accountId: row.accountId ?? entity?.accountId ?? 0,
    entityName: row.accountName ?? entity?.name ?? '',
  });
  const rowActions = useRowActions(where, onManageRights, onMessage);
  const columns: DataColumn<Row>[] = [
    {
      key: 'name',
      header: t('users.name'),
      sortable: sortable.includes('name'),
      primary: 'title',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {row.firstName} {row.lastName}
          </Text>
          <Text size="xs" c="dimmed">
            {row.isCustomer ? t('users.customer') : t('users.collaborator')}
          </Text>
          {row === highlighted ? (
            // Said in words, not by the row's colour alone.
            <Badge variant="outline" color="indigo.9" size="sm">
              {t('users.highlighted')}
            </Badge>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'email',
      header: t('users.email'),
      sortable: sortable.includes('email'),
      primary: 'field',
      render: (row) => row.email,
    },
    ...(showFolder
      ? [
          {
            key: 'folder',
            header: t('users.folder'),
            primary: 'field' as const,
            render: (row: Row) => row.accountName ?? '',
          },
        ]
      : []),
    {
      key: 'signatory',
      header: t('users.signatory'),
      render: (row) => (row.isSignatory ? t('users.yes') : t('users.no')),
    },
    {
      key: 'lastSignInAt',
      header: t('users.lastSignIn'),
      sortable: sortable.includes('lastSignInAt'),
      render: (row) =>
        row.lastSignInAt === null ? t('users.never') : formatDay(row.lastSignInAt.slice(0, 10), language),
    },
    {
      key: 'status',
      header: t('users.status'),
      primary: 'status',
      render: (row) => (
        <StatusBadge status={row.status} tones={STATUS_TONES} label={t(`users.statuses.${row.status}`)} />
      ),
    },
  ];
  return (
    <DataTable
      caption={props.caption}
      columns={columns}
      rowKey={keyOf}
      highlighted={highlightedKey}
      table={props.table}
      result={props.result}
      emptyMessage={t('users.empty')}
      searchLabel={t('users.search')}
      toolbar={props.toolbar}
      rowActions={{ name: (row) => `${row.firstName} ${row.lastName}`, of: rowActions }}
    />
  );
}
