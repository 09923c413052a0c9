import { Paper, SimpleGrid } from '@mantine/core';
import { EmptyState, Placeholders, QueryError } from '@portal/ui';
import type { EmptyStateProps } from '@portal/ui';
import type { ReactNode } from 'react';
import { useT } from './translation.ts';

type OfferGridProps<Item extends { offerCode: string }> = {
  /** The query's state, as its data hook gives it (the same shape the tables read). */
  result: {
    data?: { items: readonly Item[] } | undefined;
    isLoading: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  errorTitle: string;
  /** What shows when there is no offer at all. */
  empty: EmptyStateProps;
  /** Height of a placeholder card, close to a real one's so the page does not jump when they arrive. */
  skeletonHeight: number;
  renderCard: (item: Item) => ReactNode;
};

/**
 * Offers as a list of cards, two across from small screens up: the catalogue and an entity's offers.
 * Placeholders while the first answer is awaited; on failure a message with a retry above the cards; the
 * empty state when the answer holds no offer.
 */
export function OfferGrid<Item extends { offerCode: string }>(props: OfferGridProps<Item>) {
  const { t } = useT();
  const { data, isLoading, isError } = props.result;
  return (
    <>
      {isError ? (
        <QueryError
          title={props.errorTitle}
          message={t('errorHint')}
          retryLabel={t('retry')}
          onRetry={props.result.refetch}
        />
      ) : null}
      {data?.items.length === 0 ? <EmptyState {...props.empty} /> : null}
      <SimpleGrid
        cols={{ base: 1, sm: 2 }}
        spacing="md"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {data === undefined && isLoading ? (
          <Placeholders count={4} height={props.skeletonHeight} component="li" />
        ) : (
          (data?.items ?? []).map((item) => (
            <Paper key={item.offerCode} withBorder radius="md" p="md" component="li">
              {props.renderCard(item)}
            </Paper>
          ))
        )}
      </SimpleGrid>
    </>
  );
}
