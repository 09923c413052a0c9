import { Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { LoadingIndicator } from './loading-indicator.tsx';

// Apart from the pages' query state: a home widget draws no alert, button or skeleton, so the entity home
// loads none of their code or styles.
export type WidgetQueryState = {
  isError: boolean;
  isLoading: boolean;
  /** True when the answer holds nothing to show. */
  isEmpty?: boolean;
  /** The translated texts: what failed, what is loading, and (with isEmpty) that there is nothing. */
  texts: { error: string; loading: string; empty?: string };
};

/**
 * What a home widget shows instead of its content while its query has not answered usefully: a line of
 * error, a small loader, or the empty text; null once there is content to show.
 *
 * @example
 * const waiting = widgetQueryState({ isError, isLoading, texts: { error: t('x.error'), loading: t('x.loading') } });
 * if (waiting !== null) return waiting;
 */
export function widgetQueryState({
  isError,
  isLoading,
  isEmpty = false,
  texts,
}: WidgetQueryState): ReactElement | null {
  if (isError) return <Text c="red">{texts.error}</Text>;
  if (isLoading) return <LoadingIndicator size="sm" label={texts.loading} />;
  if (isEmpty) return <Text c="dimmed">{texts.empty}</Text>;
  return null;
}
