import { Center } from '@mantine/core';
import { LoadingIndicator } from '../ui/loading-indicator.tsx';
import { useTranslation } from 'react-i18next';

/** Shown while a guard cannot decide yet; it never shows any protected content. */
export function GuardPending() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <LoadingIndicator size="sm" label={t('common.loading')} />
    </Center>
  );
}
