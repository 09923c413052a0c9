import { Button } from '@mantine/core';
import { ErrorCard } from '@portal/ui';
import { useT } from './translation.ts';

/** Shown by the route error boundary where a page failed, and at /error/500: retry or go home. */
export default function ServerErrorPage() {
  const { t } = useT();
  return (
    <ErrorCard
      code="500"
      title={t('serverError.title')}
      message={t('serverError.message')}
      backLabel={t('backHome')}
      backTo="/"
    >
      <Button variant="subtle" onClick={() => window.location.reload()}>
        {t('retry')}
      </Button>
    </ErrorCard>
  );
}
