// The payroll variables' rules (issue 31), the same functions in the browser: the entry form refuses
// what the gateway would, and the widget counts the days to the cut-off as the page does.
export {
  ABSENCE_KINDS,
  daysUntil,
  entryProblems,
  lastDayOf,
  PAYROLL_BOUNDS,
} from '../../kernel/contract/payroll-rules.ts';
export type {
  AbsenceKind,
  EntryProblem,
  PayrollEntryInput,
  PayrollStatus,
} from '../../kernel/contract/payroll-rules.ts';
