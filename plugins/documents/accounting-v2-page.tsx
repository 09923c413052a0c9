import { usePluginTranslation } from '@portal/plugin-api';
import { ComingSoonPage } from '@portal/ui';

/** Not built yet: its title and a 'coming soon' notice. */
export default function AccountingV2Page() {
  const { t } = usePluginTranslation('documents');
  return <ComingSoonPage title={t('accountingV2.title')} />;
}
