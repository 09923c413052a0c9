import { usePluginTranslation } from '../../src/plugin-api/translation.ts';
import { ComingSoonPage } from '../../src/ui/coming-soon.tsx';

/** Not built yet: its title and a 'coming soon' notice. */
export default function SocialManagementPage() {
  const { t } = usePluginTranslation('documents');
  return <ComingSoonPage title={t('socialManagement.title')} />;
}
