import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import NotificationSettingsForm from './notification-settings-form.tsx';

/**
 * The notification settings in a drawer. Its own chunk with the form and Mantine's drawer (modal base,
 * scroll lock, focus trap): the user menu loads it when the person first asks for the settings.
 */
export default function NotificationSettingsDrawer({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={t('shell.notificationSettings')}
      closeButtonProps={{ 'aria-label': t('session.close') }}
    >
      {opened ? <NotificationSettingsForm /> : null}
    </Drawer>
  );
}
