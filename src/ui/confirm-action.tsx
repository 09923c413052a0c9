import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type ConfirmActionProps = {
  /** The button that opens the confirmation, e.g. "Delete". */
  label: string;
  /** The accessible name of the button when the label alone is ambiguous in a list ("Delete Bilan 2025"). */
  ariaLabel?: string;
  /** The dialog's title, e.g. "Delete this report?". */
  title: string;
  /** Names what will be destroyed, e.g. "The report “Bilan 2025” will be deleted for every user." */
  message: string;
  /** The confirming button, e.g. "Delete the report". */
  confirmLabel: string;
  /** Runs the action; a rejection keeps the dialog open with `errorMessage`. */
  onConfirm: () => Promise<unknown>;
  errorMessage: string;
  buttonProps?: ButtonProps;
};

/**
 * The one confirmation for destructive actions: a button, then a dialog that names what will be
 * destroyed, with cancel focused first. A failure is said in the dialog, which stays open.
 *
 * @example
 * <ConfirmAction label={t('delete')} title={t('deleteTitle')} message={t('deleteMessage', { name })}
 *   confirmLabel={t('deleteConfirm')} errorMessage={t('deleteFailed')} onConfirm={() => remove(id).unwrap()} />
 */
export function ConfirmAction(props: ConfirmActionProps) {
  const { label, ariaLabel, title, message, confirmLabel, onConfirm, errorMessage, buttonProps } = props;
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const close = () => {
    if (busy) return;
    setOpened(false);
    setFailed(false);
  };
  const confirm = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await onConfirm();
      setOpened(false);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        color="red"
        variant="subtle"
        size="xs"
        {...buttonProps}
        aria-label={ariaLabel}
        onClick={() => setOpened(true)}
      >
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={title} centered>
        <Stack gap="md">
          <Text>{message}</Text>
          {failed ? (
            <Alert color="red" variant="light" role="alert">
              {errorMessage}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
