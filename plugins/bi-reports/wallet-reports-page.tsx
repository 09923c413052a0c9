import { usePluginTranslation } from '@portal/plugin-api';
import { ComingSoonPage } from '@portal/ui';

/** Not built yet: its title and a 'coming soon' notice. */
export default function WalletReportsPage() {
  const { t } = usePluginTranslation('bi-reports');
  return <ComingSoonPage title={t('walletReports.title')} />;
}
