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
