import { ComingSoonPage } from '@portal/ui';
import { useT } from './translation.ts';

/** Not built yet: its title and a 'coming soon' notice. */
export default function DepositPage() {
  const { t } = useT();
  return <ComingSoonPage title={t('deposit.title')} />;
}
