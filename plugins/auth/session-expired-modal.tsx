import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useExpiredNotice } from '../../src/plugin-api/auth-hooks.ts';

/**
 * SPEC 4 'Session expiry': after an expiry (or when sent here with `sessionExpired=true`), the login page
 * opens with the modal 'Session expirée'. Closing it removes the notice and the query flag.
 */
export function SessionExpiredModal() {
  const { t } = useTranslation();
  const { expired, dismiss } = useExpiredNotice();
  const [params, setParams] = useSearchParams();
  const fromQuery = params.get('sessionExpired') === 'true';
  const close = () => {
    dismiss();
    if (fromQuery) {
      const next = new URLSearchParams(params);
      next.delete('sessionExpired');
      setParams(next, { replace: true });
    }
  };
  return (
    <Modal opened={expired || fromQuery} onClose={close} title={t('session.expiredTitle')} centered>
      <Text>{t('session.expiredMessage')}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={close}>{t('session.close')}</Button>
      </Group>
    </Modal>
  );
}
