import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The 'Session expirée' dialog itself: its own chunk, since Mantine's Modal brings a scroll area along. */
export default function SessionExpiredDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('session.expiredTitle')} centered>
      <Text>{t('session.expiredMessage')}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>{t('session.close')}</Button>
      </Group>
    </Modal>
  );
}
