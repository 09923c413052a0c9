import { ErrorCard } from '@portal/ui';
import { useT } from './translation.ts';

/** '/' applies the root redirect, so the way back leads to this user's landing page (or the login). */
export default function NotFoundPage() {
  const { t } = useT();
  return (
    <ErrorCard
      code="404"
      title={t('notFound.title')}
      message={t('notFound.message')}
      backLabel={t('backHome')}
      backTo="/"
    />
  );
}
