import { usePluginTranslation } from '@portal/plugin-api';
import { ErrorCard } from '@portal/ui';

/** '/' applies the root redirect, so the way back leads to this user's landing page (or the login). */
export default function ForbiddenPage() {
  const { t } = usePluginTranslation('system');
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
