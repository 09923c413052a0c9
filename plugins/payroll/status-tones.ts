import type { StatusTone } from '@portal/ui';
import type { PayrollStatus } from '@portal/plugin-api';

/** How a month's status reads (docs/ui.md): to enter, sent, sent back, locked. */
export const MONTH_TONES: Readonly<Record<PayrollStatus, StatusTone>> = {
  open: 'info',
  submitted: 'warning',
  correction: 'danger',
  locked: 'success',
};

/** Whether an employee's items of the month were entered. */
export const ENTRY_TONES: Readonly<Record<'entered' | 'missing', StatusTone>> = {
  entered: 'success',
  missing: 'neutral',
};
