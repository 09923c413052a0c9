import { ErrorCard } from '@portal/ui';
import { useT } from './translation.ts';

/** '/' applies the root redirect, so the way back leads to this user's landing page (or the login). */
export default function FeatureNotAvailablePage() {
  const { t } = useT();
  return (
    <ErrorCard
      title={t('featureNotAvailable.title')}
      message={t('featureNotAvailable.message')}
      backLabel={t('backHome')}
      backTo="/"
    />
  );
}
