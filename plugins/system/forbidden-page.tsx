import { ErrorCard } from '@portal/ui';
import { useT } from './translation.ts';

/** '/' applies the root redirect, so the way back leads to this user's landing page (or the login). */
export default function ForbiddenPage() {
  const { t } = useT();
  return (
    <ErrorCard
      code="403"
      title={t('forbidden.title')}
      message={t('forbidden.message')}
      backLabel={t('backHome')}
      backTo="/"
    />
  );
}
