import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SupportDetails } from '../../kernel/schemas/portal-config.ts';
import { supportHours } from '../ui/support-contact.tsx';

/**
 * The help of the user's menu: the firm's support contact (SPEC 9), its phone and e-mail as items that
 * call or write; nothing without a contact in the manifest.
 */
export function SupportMenuSection({ support }: { support: SupportDetails | undefined }) {
  const { t, i18n } = useTranslation();
  if (support === undefined) return null;
  const hours = supportHours(support.hours, i18n.language);
  return (
    <>
      <Menu.Label>{t('supportContact.menu')}</Menu.Label>
      {support.name === undefined ? null : <Menu.Label>{support.name}</Menu.Label>}
      {support.phone === undefined ? null : (
        <Menu.Item component="a" href={`tel:${support.phone.replace(/[^+0-9]/g, '')}`}>
          {t('supportContact.phone')} {support.phone}
        </Menu.Item>
      )}
      {support.email === undefined ? null : (
        <Menu.Item component="a" href={`mailto:${support.email}`}>
          {t('supportContact.email')} {support.email}
        </Menu.Item>
      )}
      {hours === undefined ? null : (
        <Menu.Label>
          {t('supportContact.hours')} {hours}
        </Menu.Label>
      )}
      <Menu.Divider />
    </>
  );
}
