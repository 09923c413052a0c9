import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAction, useSession } from '@portal/plugin-api';
import { ConfirmAction, DataTable, formatDay } from '@portal/ui';
import type { DataColumn, DataResult, TableState } from '@portal/ui';
import { useEffect, useState } from 'react';
import { failureOf, useRemoveEntityUserMutation } from './people-api.ts';
import type { ListedUser } from './people-api.ts';
import { useT } from './translation.ts';

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
  /** The user a notification opened the list on: their row is marked, said and scrolled into view. */
  highlightedUserId?: number | undefined;
  onManageRights: (userId: number, accountId: number) => void;
  onMessage: (message: string) => void;
};

type RowActionsProps = {
  row: UserRow & { userId: number };
  accountId: number;
  entityName: string;
  onManageRights: () => void;
  onMessage: (message: string) => void;
};

/** A row's actions, each shown only when the manifest's rule holds for the caller on that row's entity. */
function RowActions({ row, accountId, entityName, onManageRights, onMessage }: RowActionsProps) {
  const { t } = useT();
  const options = row.callerPermissions === undefined ? {} : { entityPermissions: row.callerPermissions };
  const canManage = useAction('users.manageRights', options);
  const canRemove = useAction('users.remove', options);
  const { user, isCollab } = useSession();
  const [remove] = useRemoveEntityUserMutation();
  const [removeFailure, setRemoveFailure] = useState<string | null>(null);
  const name = `${row.firstName} ${row.lastName}`;
  const isSelf = user?.id === row.userId;
  // Collaborators' codes are not managed here, and a customer never detaches the firm's staff.
  const showManage = canManage && row.isCustomer;
  const showRemove = canRemove && !isSelf && (isCollab || row.isCustomer);
  if (!showManage && !showRemove) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      {showManage ? (
        <Button
          size="xs"
          variant="light"
          onClick={onManageRights}
          aria-label={t('users.manageRightsFor', { name })}
        >
          {t('users.manageRights')}
        </Button>
      ) : null}
      {showRemove ? (
        <ConfirmAction
          label={t('users.remove')}
          ariaLabel={t('users.removeFor', { name })}
          title={t('users.removeTitle')}
          message={t('users.removeMessage', { name, email: row.email, entity: entityName })}
          confirmLabel={t('users.removeConfirm', { name })}
          errorMessage={removeFailure ?? t('users.removeFailed')}
          // The default red on a striped row is below AA contrast.
          buttonProps={{ color: 'var(--mantine-color-red-9)' }}
          onConfirm={async () => {
            setRemoveFailure(null);
            try {
              await remove({ accountId, userId: row.userId }).unwrap();
            } catch (error) {
              const { code, status } = failureOf(error);
              // The gateway's reasons a person can act on; anything else is the general failure.
              if (code === 'last_administrator') setRemoveFailure(t('users.lastAdministrator', { name }));
              else if (status === 403) setRemoveFailure(t('users.removeForbidden', { name }));
              throw error;
            }
            onMessage(t('users.removed', { name }));
          }}
        />
      ) : null}
    </Group>
  );
}

/** The one list of users, for an entity, the wallet and the client administration: sortable, searchable, paged by the gateway. */
export function UserTable<Row extends UserRow>(props: UserTableProps<Row>) {
  const { t, language } = useT();
  const { entity, showFolder = false, sortable = [], onManageRights, onMessage, highlightedUserId } = props;
  const keyOf = (row: Row) =>
    `${String(row.accountId ?? entity?.accountId ?? 0)}:${row.userId === null ? `invited:${row.email}` : String(row.userId)}`;
  const highlighted = props.result.data?.items.find(
    (row) => highlightedUserId !== undefined && row.userId === highlightedUserId,
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
  const columns: DataColumn<Row>[] = [
    {
      key: 'name',
      header: t('users.name'),
      sortable: sortable.includes('name'),
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
      render: (row) => row.email,
    },
    ...(showFolder
      ? [{ key: 'folder', header: t('users.folder'), render: (row: Row) => row.accountName ?? '' }]
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
      render: (row) => (
        <Badge color={row.status === 'invited' ? 'indigo.9' : 'teal.9'} variant="filled">
          {t(`users.statuses.${row.status}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('users.actions'),
      render: (row) => {
        const { accountId, entityName } = where(row);
        const { userId } = row;
        // An invitation waiting for its answer is nobody's yet: no rights to edit, nobody to remove.
        if (userId === null) return null;
        return (
          <RowActions
            row={{ ...row, userId }}
            accountId={accountId}
            entityName={entityName}
            onManageRights={() => onManageRights(userId, accountId)}
            onMessage={onMessage}
          />
        );
      },
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
    />
  );
}
