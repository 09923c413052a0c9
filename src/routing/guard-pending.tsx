import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a guard cannot decide yet; it never shows any protected content. */
export function GuardPending() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
    </Center>
  );
}
