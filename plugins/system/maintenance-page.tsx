import { Button } from '@mantine/core';
import { ErrorCard } from '@portal/ui';
import { useT } from './translation.ts';

/** While maintenance mode is on every route leads here; once it is off, this page sends people home. */
export default function MaintenancePage() {
  const { t } = useT();
  return (
    <ErrorCard title={t('maintenance.title')} message={t('maintenance.message')}>
      <Button variant="light" onClick={() => window.location.reload()}>
        {t('retry')}
      </Button>
    </ErrorCard>
  );
}
