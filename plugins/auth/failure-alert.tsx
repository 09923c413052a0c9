import { Alert } from '@mantine/core';
import type { Ref } from 'react';
import { useT } from './translation.ts';
import type { FailureMessage } from './validation.ts';

type FailureAlertProps = {
  failure: FailureMessage | null;
  /** Set with `focusable` when the form moves focus to the failure so a screen reader reads it first. */
  ref?: Ref<HTMLDivElement>;
  focusable?: boolean;
};

/** Why the last submission of a sign-in form failed, with the number it counts; nothing while none did. */
export function FailureAlert({ failure, ref, focusable = false }: FailureAlertProps) {
  const { t } = useT();
  if (failure === null) return null;
  return (
    <Alert color="red" role="alert" ref={ref} {...(focusable ? { tabIndex: -1 } : {})}>
      {t(failure.key, failure.count === undefined ? {} : { count: failure.count })}
    </Alert>
  );
}
