import { Alert, Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from './translation.ts';

type DialogProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
};

/** The people screens' dialog: wide, centred, its close button named in the reader's language. */
export function Dialog({ opened, onClose, title, children }: DialogProps) {
  const { t } = useT();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      {children}
    </Modal>
  );
}

/** Why the last action failed, announced at once; nothing while none did. */
export function FailureAlert({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
