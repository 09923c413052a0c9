import { usePluginTranslation } from '@portal/plugin-api';
import { ComingSoonPage } from '@portal/ui';

/** Not built yet: its title and a 'coming soon' notice. */
export default function CollaboratorsPage() {
  const { t } = usePluginTranslation('entity-overview');
  return <ComingSoonPage title={t('collaborators.title')} />;
}
