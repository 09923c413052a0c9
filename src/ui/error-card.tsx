import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from './page-title.tsx';

/**
 * A full-page error (403, 404, 500...): what happened, and always a way back.
 *
 * @example
 * <ErrorCard code="404" title={t('notFound.title')} message={t('notFound.message')}
 *   backLabel={t('backHome')} backTo="/" />
 */
export function ErrorCard({
  code,
  title,
  message,
  backLabel,
  backTo,
  children,
}: {
  code?: string;
  title: string;
  message: string;
  backLabel?: string;
  backTo?: string;
  /** Further actions (buttons), shown on the line of the way back. */
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="xl" radius="md" maw={560} mx="auto" mt="xl">
      <Stack gap="sm" align="flex-start">
        {code === undefined ? null : (
          <Text c="dimmed" fw={700} size="xl" aria-hidden="true">
            {code}
          </Text>
        )}
        <PageTitle>{title}</PageTitle>
        <Text>{message}</Text>
        {/* The page's actions side by side on one line: the way back first, then what children add. */}
        <Group gap="sm">
          {backTo === undefined || backLabel === undefined ? null : (
            <Button component={Link} to={backTo} variant="light">
              {backLabel}
            </Button>
          )}
          {children}
        </Group>
      </Stack>
    </Paper>
  );
}
