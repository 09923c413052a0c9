import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header.tsx';

/**
 * A page whose screen is not built yet: its title and a short notice, in the current language.
 *
 * @example
 * export default function BankPage() {
 *   const { t } = useTranslation('bank');
 *   return <ComingSoonPage title={t('bank.title')} />;
 * }
 */
export function ComingSoonPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageHeader title={title} />
      <Alert variant="light" color="indigo" title={t('common.comingSoonTitle')}>
        {t('common.comingSoon')}
      </Alert>
    </Stack>
  );
}
