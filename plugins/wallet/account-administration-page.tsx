import { usePluginTranslation } from '@portal/plugin-api';
import { ComingSoonPage } from '@portal/ui';

/** Not built yet: its title and a 'coming soon' notice. */
export default function AccountAdministrationPage() {
  const { t } = usePluginTranslation('wallet');
  return <ComingSoonPage title={t('accountAdministration.title')} />;
}
