import { Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type EmptyStateProps = {
  /** What this is, said as what is missing ("Aucun mandat"). */
  title: string;
  /** Why it is empty ("Les mandats de vos dossiers apparaissent ici dès leur création."). */
  reason?: string;
  /** What to do about it ("Invitez un utilisateur pour qu'il accède au dossier."). */
  hint?: string;
  /** The one action that fills it, when the person may take it. */
  action?: ReactNode;
};

/**
 * A list or a page with nothing to show yet: what it is, why it is empty, what to do, and the action
 * that fills it. A search or a filter that matches nothing is not an empty state: the table says so.
 *
 * @example
 * <EmptyState title={t('users.empty')} reason={t('users.emptyReason')} hint={t('users.emptyHint')}
 *   action={<InviteUser />} />
 */
export function EmptyState({ title, reason, hint, action }: EmptyStateProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      role="status"
      data-empty-state=""
      style={{ borderStyle: 'dashed', background: 'var(--mantine-color-gray-0)' }}
    >
      <Stack gap="xs" align="flex-start">
        <Text fw={600}>{title}</Text>
        {reason === undefined ? null : <Text size="sm">{reason}</Text>}
        {hint === undefined ? null : (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
        {action}
      </Stack>
    </Paper>
  );
}

/**
 * True when a table's list holds nothing at all (loaded, empty, neither searched nor filtered): the page
 * shows its empty state instead of the table. A search that matches nothing keeps the table and its line.
 */
export function isBlankList(
  query: { page: number; search: string; filters: Readonly<Record<string, string>> },
  result: { data?: { totalItems: number } | undefined },
): boolean {
  return (
    result.data?.totalItems === 0 &&
    query.page <= 1 &&
    query.search === '' &&
    Object.keys(query.filters).length === 0
  );
}
