import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

export type OutcomeAlertProps = {
  /** Done: a polite teal status; not done: a red alert read at once. */
  success: boolean;
  /** The close button's accessible name, in the plugin's words. */
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
};

/**
 * What an action on a page came to (a request sent, a status saved, a file that could not open), kept
 * above the list until the person closes it.
 *
 * @example
 * <OutcomeAlert success={outcome.kind === 'saved'} closeLabel={t('close')} onClose={() => setOutcome(null)}>
 *   {t(`mandates.outcome.${outcome.kind}`)}
 * </OutcomeAlert>
 */
export function OutcomeAlert({ success, closeLabel, onClose, children }: OutcomeAlertProps) {
  return (
    <Alert
      color={success ? 'teal' : 'red'}
      variant="light"
      role={success ? 'status' : 'alert'}
      withCloseButton
      closeButtonLabel={closeLabel}
      onClose={onClose}
    >
      {children}
    </Alert>
  );
}
