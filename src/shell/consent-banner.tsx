import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsentControls } from '../analytics/consent-context.ts';
import type { ChoosableCategory, ConsentChoice } from '../analytics/consent.ts';

/**
 * The consent banner (the consent tool of SPEC 7): accept all, refuse all, or choose per category. Not
 * modal: the page stays usable behind it; each choice is applied at once (scripts added or removed).
 */
const ConsentChoices = lazy(() => import('./consent-choices.tsx'));

export default function ConsentBanner({
  controls,
  onDone,
}: {
  controls: ConsentControls;
  onDone: () => void;
}) {
  const { t } = useTranslation('consent');
  const { store, categories } = controls;
  const stored = store.get();
  // Someone who already chose and comes back from the user menu sees their choices at once.
  const [customising, setCustomising] = useState(stored.decided);
  const [draft, setDraft] = useState<ConsentChoice>(stored.choice);

  const decide = (choice: Partial<ConsentChoice>) => {
    store.set(choice);
    onDone();
  };
  const all = (value: boolean) =>
    Object.fromEntries(categories.map((category) => [category, value])) as Partial<
      Record<ChoosableCategory, boolean>
    >;

  return (
    <Paper
      component="section"
      aria-labelledby="consent-title"
      shadow="lg"
      withBorder
      p="md"
      radius="md"
      pos="fixed"
      bottom={16}
      right={16}
      maw="min(520px, calc(100vw - 32px))"
      style={{ zIndex: 'var(--portal-popup-z-index, 2000)' }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="consent-title">
          {t('title')}
        </Title>
        <Text size="sm">{t('intro')}</Text>
        {customising ? (
          <Suspense fallback={null}>
            <ConsentChoices categories={categories} draft={draft} onChange={setDraft} />
          </Suspense>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => decide(all(false))}>
            {t('refuseAll')}
          </Button>
          {customising ? (
            <Button variant="default" onClick={() => decide(draft)}>
              {t('save')}
            </Button>
          ) : (
            <Button variant="default" onClick={() => setCustomising(true)}>
              {t('customise')}
            </Button>
          )}
          <Button onClick={() => decide(all(true))}>{t('acceptAll')}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
