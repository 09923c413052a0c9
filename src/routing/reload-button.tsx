import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Loads the newer portal at the same address (the new-version notices of the page and of the screen). */
export function ReloadButton() {
  const { t } = useTranslation();
  return (
    <Button size="xs" onClick={() => window.location.reload()}>
      {t('shell.reload')}
    </Button>
  );
}
