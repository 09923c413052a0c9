import { usePluginTranslation } from '../../src/plugin-api/translation.ts';
import { ComingSoonPage } from '../../src/ui/coming-soon.tsx';

/** Not built yet: its title and a 'coming soon' notice. */
export default function DelegationsPage() {
  const { t } = usePluginTranslation('entity-overview');
  return <ComingSoonPage title={t('delegations.title')} />;
}
