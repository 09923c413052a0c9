import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What a destructive action asks before it runs: the dialog's words and the work. */
export type Confirmation = {
  /** The dialog's title, e.g. "Delete this report?". */
  title: string;
  /** Names what will be destroyed, e.g. "The report “Bilan 2025” will be deleted for every user." */
  message: string;
  /** The confirming button, e.g. "Delete the report". */
  confirmLabel: string;
  /** Runs the action; a rejection keeps the dialog open with `errorMessage`. */
  onConfirm: () => Promise<unknown>;
  /** Said in the dialog when the action fails; a function reads the failure (a reason the person can act on). */
  errorMessage: string | ((error: unknown) => string);
};

export type ConfirmActionProps = Confirmation & {
  /** The button that opens the confirmation, e.g. "Delete". */
  label: string;
  /** The accessible name of the button when the label alone is ambiguous in a list ("Delete Bilan 2025"). */
  ariaLabel?: string;
  buttonProps?: ButtonProps;
};

/**
 * The confirmation dialog alone, opened by its owner (a table's row-action menu, whose items close with
 * the menu and so cannot hold it): cancel focused first, a failure said in the dialog, which stays open.
 */
export function ConfirmDialog({
  confirmation,
  onClose,
}: {
  /** The confirmation shown; null, the dialog is closed. */
  confirmation: Confirmation | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setFailure(null);
    onClose();
  };
  const confirm = async () => {
    if (confirmation === null) return;
    setBusy(true);
    setFailure(null);
    try {
      await confirmation.onConfirm();
      setBusy(false);
      onClose();
    } catch (error) {
      const { errorMessage } = confirmation;
      setFailure(typeof errorMessage === 'string' ? errorMessage : errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <Modal opened={confirmation !== null} onClose={close} title={confirmation?.title} centered>
      <Stack gap="md">
        <Text>{confirmation?.message}</Text>
        {failure === null ? null : (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={busy}>
            {confirmation?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The one confirmation for destructive actions: a button, then a dialog that names what will be
 * destroyed, with cancel focused first. A failure is said in the dialog, which stays open.
 *
 * @example
 * <ConfirmAction label={t('delete')} title={t('deleteTitle')} message={t('deleteMessage', { name })}
 *   confirmLabel={t('deleteConfirm')} errorMessage={t('deleteFailed')} onConfirm={() => remove(id).unwrap()} />
 */
export function ConfirmAction(props: ConfirmActionProps) {
  const { label, ariaLabel, buttonProps, ...confirmation } = props;
  const [opened, setOpened] = useState(false);
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
      <ConfirmDialog confirmation={opened ? confirmation : null} onClose={() => setOpened(false)} />
    </>
  );
}
