import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsentControls } from '../analytics/consent-context.ts';
import type { ChoosableCategory, ConsentChoice } from '../analytics/consent.ts';
import classes from './consent-banner.module.css';

const ConsentChoices = lazy(() => import('./consent-choices.tsx'));
const BUTTON_CLASSES = { label: classes.label ?? '' };

/**
 * While the banner shows, the page ends above it: the document scrolls in the screen's part above the
 * banner (the body, as high as the screen less the banner's room, scrolls; the window does not). No action
 * of the page is ever under the banner, at any scroll position, whatever the page's height (a padding at
 * the page's end only made room after scrolling: the login's last link sat under a phone's sheet).
 */
function usePageAboveBanner(banner: HTMLElement | null) {
  useEffect(() => {
    if (banner === null) return;
    const body = document.body.style;
    const page = document.documentElement.style;
    const fit = () => {
      const room = Math.max(0, Math.ceil(window.innerHeight - banner.getBoundingClientRect().top));
      body.height = `calc(100dvh - ${String(room)}px)`;
    };
    page.overflow = 'hidden';
    body.overflowY = 'auto';
    const observer = new ResizeObserver(fit);
    observer.observe(banner);
    window.addEventListener('resize', fit);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fit);
      page.overflow = body.overflowY = body.height = '';
    };
  }, [banner]);
}

/**
 * The consent banner (the consent tool of SPEC 7): accept all, refuse all, or choose per category. Not
 * modal: the page stays usable above it, in the keyboard's order before the page; each choice is applied
 * at once (scripts added or removed). A corner card on a desktop, a compact bottom sheet on a phone.
 */
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
  const [banner, setBanner] = useState<HTMLElement | null>(null);
  usePageAboveBanner(banner);

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
      ref={setBanner}
      className={classes.banner ?? ''}
      shadow="lg"
      withBorder
    >
      <Stack gap="xs">
        <Title order={2} size="h4" id="consent-title">
          {t('title')}
        </Title>
        <Text size="sm" className={classes.intro ?? ''}>
          {t('intro')}
        </Text>
        {customising ? (
          <Suspense fallback={null}>
            <ConsentChoices categories={categories} draft={draft} onChange={setDraft} />
          </Suspense>
        ) : null}
        <Group justify="flex-end" gap="xs" className={classes.actions ?? ''}>
          <Button variant="default" classNames={BUTTON_CLASSES} onClick={() => decide(all(false))}>
            {t('refuseAll')}
          </Button>
          {customising ? (
            <Button variant="default" classNames={BUTTON_CLASSES} onClick={() => decide(draft)}>
              {t('save')}
            </Button>
          ) : (
            <Button variant="default" classNames={BUTTON_CLASSES} onClick={() => setCustomising(true)}>
              {t('customise')}
            </Button>
          )}
          <Button classNames={BUTTON_CLASSES} onClick={() => decide(all(true))}>
            {t('acceptAll')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
