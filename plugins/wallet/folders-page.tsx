import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useRouteHref } from '@portal/plugin-api';
import { DataTable, listQuery, PageHeader, useDataList } from '@portal/ui';
import type { DataColumn } from '@portal/ui';
import { FavoriteButton } from './favorite-button.tsx';
import { useWalletFoldersQuery } from './portfolio-api.ts';
import type { Folder } from './portfolio-api.ts';
import { useT } from './translation.ts';

const PAGE_SIZE = 20;
/** The sorts the gateway knows, the default first. */
const SORTS = ['name', 'accountNumber'] as const;

/** Opening a folder goes to its home, whose guard selects the entity (SPEC 4). */
function OpenFolderLink({ folder }: { folder: Folder }) {
  const { t } = useT();
  const href = useRouteHref('entity.home', { entityId: folder.accountId });
  if (href === undefined) return <Text span>{folder.name}</Text>;
  return (
    <Anchor component={Link} to={href} aria-label={t('folders.open', { name: folder.name })}>
      {folder.name}
    </Anchor>
  );
}

/** The collaborator's folders: searched at the gateway as one types, sorted, paged, favourites first. */
export default function FoldersPage() {
  const { t } = useT();
  const folders = useDataList(
    useWalletFoldersQuery,
    { defaultSort: 'name', defaultOrder: 'asc' },
    (table) => ({
      q: table.query.search,
      ...listQuery(table, SORTS, PAGE_SIZE),
    }),
  );
  const { search } = folders.table.query;

  const columns: DataColumn<Folder>[] = [
    {
      key: 'favorite',
      header: t('folders.favorite'),
      // The star beside the card's title: one tap, as in the table.
      primary: 'status',
      render: (folder) => (
        <FavoriteButton accountId={folder.accountId} name={folder.name} isFavorite={folder.isFavorite} />
      ),
    },
    {
      key: 'name',
      header: t('folders.name'),
      sortable: true,
      primary: 'title',
      render: (folder) => <OpenFolderLink folder={folder} />,
    },
    {
      key: 'accountNumber',
      header: t('folders.number'),
      sortable: true,
      primary: 'field',
      render: (folder) => folder.accountNumber,
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader title={t('folders.title')} description={t('folders.intro')} />
      <DataTable
        {...folders}
        caption={t('folders.caption')}
        columns={columns}
        rowKey={(folder) => folder.accountId}
        blank={{ title: t('folders.empty'), reason: t('folders.emptyReason'), hint: t('folders.emptyHint') }}
        emptyMessage={search === '' ? t('folders.empty') : t('folders.noMatch', { search })}
        searchLabel={t('folders.search')}
      />
    </Stack>
  );
}
