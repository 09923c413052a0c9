import { ActionIcon } from '@mantine/core';
import { useSetFavoriteMutation } from './portfolio-api.ts';
import { useT } from './translation.ts';

/** The star of a folder: a toggle button saying what it will do, saved at the gateway. */
export function FavoriteButton({
  accountId,
  name,
  isFavorite,
}: {
  accountId: number;
  name: string;
  isFavorite: boolean;
}) {
  const { t } = useT();
  const [setFavorite, { isLoading, isError }] = useSetFavoriteMutation();
  return (
    <ActionIcon
      variant="subtle"
      color={isError ? 'red' : 'yellow.8'}
      aria-pressed={isFavorite}
      aria-label={t(isFavorite ? 'favorites.remove' : 'favorites.add', { name })}
      title={isError ? t('favorites.failed') : undefined}
      loading={isLoading}
      onClick={() => void setFavorite({ accountId, favorite: !isFavorite })}
    >
      <span aria-hidden="true" style={{ fontSize: 20, lineHeight: 1 }}>
        {isFavorite ? '★' : '☆'}
      </span>
    </ActionIcon>
  );
}
