import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { formatDay, StatusBadge } from '@portal/ui';
import type { StatusTone } from '@portal/ui';
import { useEntityMandatesQuery } from './company-sheet-api.ts';
import type { EntityMandate } from './company-sheet-api.ts';
import { useT } from './translation.ts';

// How each status reads (docs/ui.md), as on the collaborators' mandates page.
const TONES: Readonly<Record<EntityMandate['status'], StatusTone>> = {
  draft: 'neutral',
  pending: 'info',
  active: 'success',
  suspended: 'warning',
  revoked: 'danger',
};

/**
 * The entity's mandates with their status, read with the company sheet's codes: a mandate status
 * notification opens the page on this section, its mandate (`highlightedId`) marked, said in words and
 * brought into view.
 */
export function MandatesSection({ accountId, highlightedId }: { accountId: number; highlightedId?: number }) {
  const { t, language } = useT();
  const mandates = useEntityMandatesQuery(accountId, { skip: accountId === 0 });
  const items = mandates.data?.items ?? [];
  const shown = items.some((mandate) => mandate.id === highlightedId);
  useEffect(() => {
    if (shown) document.querySelector('[data-highlighted]')?.scrollIntoView({ block: 'center' });
  }, [shown]);
  if (mandates.isError) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="entity-mandates-title">
      <Title order={2} size="h4" id="entity-mandates-title">
        {t('mandates.title')}
      </Title>
      {mandates.data !== undefined && items.length === 0 ? (
        <Text c="dimmed">{t('mandates.none')}</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((mandate) => {
            const marked = mandate.id === highlightedId;
            return (
              <Paper
                component="li"
                key={mandate.id}
                withBorder
                radius="md"
                p="sm"
                {...(marked
                  ? {
                      'data-highlighted': '',
                      'aria-current': 'true' as const,
                      bg: 'var(--mantine-color-yellow-light)',
                    }
                  : {})}
              >
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text fw={500}>{mandate.type}</Text>
                  <StatusBadge
                    status={mandate.status}
                    tones={TONES}
                    label={t(`mandates.status.${mandate.status}`)}
                  />
                </Group>
                <Text size="sm" c="dimmed">
                  {t('mandates.period', {
                    start: formatDay(mandate.startsOn, language),
                    end: mandate.endsOn === null ? t('mandates.noEnd') : formatDay(mandate.endsOn, language),
                  })}
                </Text>
                {marked ? (
                  // Said in words, not by the colour alone.
                  <Badge variant="outline" color="indigo.9" size="sm" mt="xs">
                    {t('mandates.highlighted')}
                  </Badge>
                ) : null}
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
