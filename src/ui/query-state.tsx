import { Alert, Button, Skeleton, Text } from '@mantine/core';
import type { MantineColor, SkeletonProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** What the block reads of a query: RTK Query's result hooks give exactly this shape. */
export type QueryResult = {
  data?: unknown;
  isLoading: boolean;
  isError: boolean;
  /** Asks again (the error's retry button). */
  refetch: () => unknown;
};

export type QueryErrorProps = {
  /** What failed (already translated). */
  title: string;
  retryLabel: string;
  onRetry: () => unknown;
  /** Orange when what was loaded before stays on the page. */
  color?: MantineColor;
  mb?: 'sm';
};

/** A query that failed: what failed and a button to ask again. */
export function QueryError({ title, retryLabel, onRetry, color = 'red', mb }: QueryErrorProps) {
  return (
    <Alert color={color} variant="light" role="alert" title={title} {...(mb === undefined ? {} : { mb })}>
      <Button size="xs" variant="light" onClick={() => void onRetry()}>
        {retryLabel}
      </Button>
    </Alert>
  );
}

/** `count` grey cards the size of the ones awaited, so the page does not jump when they arrive. */
export function Placeholders({
  count,
  height,
  component,
}: {
  count: number;
  height: number;
  /** `li` inside a list. */
  component?: 'li';
}) {
  const props: SkeletonProps & { component?: 'li' } = component === undefined ? {} : { component };
  return Array.from({ length: count }, (_, index) => (
    <Skeleton key={index} height={height} radius="md" aria-hidden="true" {...props} />
  ));
}

export type QueryStateProps = {
  result: QueryResult;
  error: Omit<QueryErrorProps, 'onRetry'>;
  /** Shown instead of the content while the first answer is awaited. */
  placeholder?: ReactNode;
  /** The text when the answer holds nothing; false (or absent) while it holds something. */
  empty?: string | false | undefined;
  children?: ReactNode;
};

/**
 * The states of a page's query, in the one order every page shows them: the error with its retry, then
 * the placeholder or the content, then the empty text once an answer came.
 *
 * @example
 * <QueryState result={entities} error={{ title: t('entities.error'), retryLabel: t('retry') }}
 *   placeholder={<Placeholders count={3} height={72} />} empty={items.length === 0 && t('entities.empty')}>
 *   <EntityList items={items} />
 * </QueryState>
 */
export function QueryState({ result, error, placeholder, empty, children }: QueryStateProps) {
  const awaited = result.data === undefined && result.isLoading;
  return (
    <>
      {result.isError ? <QueryError {...error} onRetry={result.refetch} /> : null}
      {awaited && placeholder !== undefined ? placeholder : children}
      {result.data !== undefined && typeof empty === 'string' ? (
        <Text c="dimmed" role="status">
          {empty}
        </Text>
      ) : null}
    </>
  );
}
