import { ComingSoonPage } from '@portal/ui';
import { useT } from './translation.ts';

/** Not built yet: its title and a 'coming soon' notice. */
export default function CollaboratorsPage() {
  const { t } = useT();
  return <ComingSoonPage title={t('collaborators.title')} />;
}
