import { Anchor, Container, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useBranding } from '@portal/plugin-api';
import { PageTitle } from '@portal/ui';
import { useT } from './translation.ts';

/**
 * The frame of every sign-in page: the firm's name and logo above one card (its top edge in the firm's
 * colour) with the page's heading, and how to reach the firm's support below it. All of it from the
 * manifest in use (`branding`), so a publication changes it with no code change; the build's pre-rendered
 * login page carries the built-in manifest's.
 */
export function AuthCard({
  title,
  size = 460,
  supportLine = true,
  children,
}: {
  title: string;
  /** The support's phone and e-mail under the card; off where the card itself shows the whole contact. */
  supportLine?: boolean;
  /** The card's width: a long text (the terms) reads better wider. */
  size?: number;
  children: ReactNode;
}) {
  const branding = useBranding();
  const { t } = useT();
  const support = branding?.support;
  return (
    // Tighter on a phone: the form and its links fit above the consent sheet of a first visit.
    <Container size={size} py={{ base: 'md', sm: 'xl' }}>
      {branding === undefined ? null : (
        <Group justify="center" gap="sm" mb="md" wrap="nowrap" data-firm="">
          {branding.logo === undefined ? null : (
            <img src={branding.logo.src} alt={branding.logo.alt} height={40} style={{ width: 'auto' }} />
          )}
          <Text fw={700} size="lg">
            {branding.firmName}
          </Text>
        </Group>
      )}
      <Paper
        withBorder
        shadow="sm"
        p={{ base: 'md', sm: 'xl' }}
        radius="md"
        style={{ borderTop: '4px solid var(--mantine-primary-color-filled)' }}
      >
        <PageTitle>{title}</PageTitle>
        <Stack gap="md">{children}</Stack>
      </Paper>
      {support === undefined || !supportLine ? null : (
        <Text size="sm" ta="center" mt="md" data-support="">
          {t('brand.support')}{' '}
          {support.phone === undefined ? null : (
            <Anchor href={`tel:${support.phone.replace(/[^+0-9]/g, '')}`}>{support.phone}</Anchor>
          )}
          {support.phone !== undefined && support.email !== undefined ? ' · ' : null}
          {support.email === undefined ? null : (
            <Anchor href={`mailto:${support.email}`}>{support.email}</Anchor>
          )}
        </Text>
      )}
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
