import { Container, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from '@portal/ui';

/** The frame of every sign-in page: one card with the page's heading. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={460} py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <PageTitle>{title}</PageTitle>
        <Stack gap="md">{children}</Stack>
      </Paper>
    </Container>
  );
}

/**
 * The styles of a sign-in card's full-width button: its label wraps on a phone rather than being cut
 * ("Se connecter avec mon compte collaborateur" is wider than the card on a 390 px screen).
 */
export const WRAPPING_BUTTON = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 'var(--mantine-spacing-xs)' },
  label: { whiteSpace: 'normal', textAlign: 'center' },
} as const;
