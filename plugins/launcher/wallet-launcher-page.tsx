import { usePluginTranslation } from '@portal/plugin-api';
import { ComingSoonPage } from '@portal/ui';

/** Not built yet: its title and a 'coming soon' notice. */
export default function WalletLauncherPage() {
  const { t } = usePluginTranslation('launcher');
  return <ComingSoonPage title={t('walletLauncher.title')} />;
}
