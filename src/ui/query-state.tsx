import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import type { MantineColor, SkeletonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import type { EmptyStateProps } from './empty-state.tsx';

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
  /** What it means or what to do, under the title ("Vérifiez votre connexion et réessayez."). */
  message?: string;
  retryLabel: string;
  onRetry: () => unknown;
  /** Orange when what was loaded before stays on the page. */
  color?: MantineColor;
  mb?: 'sm';
};

/**
 * The error state of a page's part (docs/ui.md): what failed, what to do, and a button to ask again.
 * A whole page that cannot be shown (403, 404) is an `ErrorCard`.
 */
export function QueryError({ title, message, retryLabel, onRetry, color = 'red', mb }: QueryErrorProps) {
  return (
    <Alert
      color={color}
      variant="light"
      role="alert"
      title={title}
      // The tinted background says the tone; the words stay dark enough to read (WCAG AA on the tint).
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      {...(mb === undefined ? {} : { mb })}
    >
      <Stack gap="xs" align="flex-start">
        {message === undefined ? null : <Text size="sm">{message}</Text>}
        <Button size="xs" variant="default" onClick={() => void onRetry()}>
          {retryLabel}
        </Button>
      </Stack>
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

function EmptyAnswer({ empty }: { empty: EmptyStateProps | string }) {
  if (typeof empty !== 'string') return <EmptyState {...empty} />;
  return (
    <Text c="dimmed" role="status">
      {empty}
    </Text>
  );
}

export type QueryStateProps = {
  result: QueryResult;
  error: Omit<QueryErrorProps, 'onRetry'>;
  /** Shown instead of the content while the first answer is awaited. */
  placeholder?: ReactNode;
  /**
   * What shows when the answer holds nothing: an empty state (what, why, what to do) or one line of
   * text; false (or absent) while it holds something.
   */
  empty?: EmptyStateProps | string | false | undefined;
  children?: ReactNode;
};

/**
 * The states of a page's query, in the one order every page shows them: the error with its retry, then
 * the placeholder or the content, then the empty state once an answer came.
 *
 * @example
 * <QueryState result={entities} error={{ title: t('entities.error'), retryLabel: t('retry') }}
 *   placeholder={<Placeholders count={3} height={72} />} empty={items.length === 0 && { title: t('entities.empty'), hint: t('entities.emptyHint') }}>
 *   <EntityList items={items} />
 * </QueryState>
 */
export function QueryState({ result, error, placeholder, empty, children }: QueryStateProps) {
  const awaited = result.data === undefined && result.isLoading;
  return (
    <>
      {result.isError ? <QueryError {...error} onRetry={result.refetch} /> : null}
      {awaited && placeholder !== undefined ? placeholder : children}
      {result.data === undefined || empty === undefined || empty === false ? null : (
        <EmptyAnswer empty={empty} />
      )}
    </>
  );
}
