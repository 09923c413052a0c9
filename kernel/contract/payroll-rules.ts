// The rules of a month's payroll variables (issue 31, EVP) that both the gateway and the portal's form
// apply: the schema bounds each field, these say what a schema cannot (an absence inside the month, its
// end after its start, no two absences on one day, amounts in cents). The form shows the same problems
// as the person types; the gateway refuses them with 422.

/** Absence kinds the payroll software knows. */
export const ABSENCE_KINDS = ['paid-leave', 'sick', 'rtt', 'unpaid', 'other'] as const;
export type AbsenceKind = (typeof ABSENCE_KINDS)[number];

/** The month's statuses: entered by the customer, sent, sent back for a correction, locked by the firm. */
export const PAYROLL_STATUSES = ['open', 'submitted', 'correction', 'locked'] as const;
export type PayrollStatus = (typeof PAYROLL_STATUSES)[number];

/** Bounds of the fields, shared by the contract's schema and the form. */
export const PAYROLL_BOUNDS = {
  hours: 400,
  overtimeHours: 200,
  amount: 1_000_000,
  absences: 20,
  note: 500,
  comment: 1000,
} as const;

export type PayrollAbsence = { kind: AbsenceKind; from: string; to: string };

export type PayrollEntryInput = {
  hours: number;
  overtimeHours: number;
  bonus: number;
  expenses: number;
  absences: readonly PayrollAbsence[];
  note?: string;
};

/** A problem of one field: where (`absences.1.to`) and which rule it breaks. */
export type EntryProblem = {
  field: string;
  rule: 'range' | 'precision' | 'outsideMonth' | 'endBeforeStart' | 'overlap' | 'tooMany' | 'tooLong';
};

const hundredths = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** Whether `text` is a YYYY-MM-DD day inside `month` (YYYY-MM). */
function inMonth(text: string, month: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && text.startsWith(`${month}-`) && text <= lastDayOf(month);
}

/** The month's last day, YYYY-MM-DD. */
export function lastDayOf(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const day = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, '0')}`;
}

/** Every problem of an entry for `month` (YYYY-MM); none when the gateway would accept it. */
export function entryProblems(entry: PayrollEntryInput, month: string): EntryProblem[] {
  const problems: EntryProblem[] = [];
  const number = (field: keyof typeof PAYROLL_BOUNDS, value: number) => {
    if (!Number.isFinite(value) || value < 0 || value > PAYROLL_BOUNDS[field])
      problems.push({ field, rule: 'range' });
    else if (!hundredths(value)) problems.push({ field, rule: 'precision' });
  };
  number('hours', entry.hours);
  number('overtimeHours', entry.overtimeHours);
  for (const field of ['bonus', 'expenses'] as const) {
    const value = entry[field];
    if (!Number.isFinite(value) || value < 0 || value > PAYROLL_BOUNDS.amount)
      problems.push({ field, rule: 'range' });
    else if (!hundredths(value)) problems.push({ field, rule: 'precision' });
  }
  if ((entry.note ?? '').length > PAYROLL_BOUNDS.note) problems.push({ field: 'note', rule: 'tooLong' });
  if (entry.absences.length > PAYROLL_BOUNDS.absences) problems.push({ field: 'absences', rule: 'tooMany' });
  entry.absences.forEach((absence, index) => {
    const at = `absences.${String(index)}`;
    if (!inMonth(absence.from, month)) problems.push({ field: `${at}.from`, rule: 'outsideMonth' });
    if (!inMonth(absence.to, month)) problems.push({ field: `${at}.to`, rule: 'outsideMonth' });
    else if (absence.to < absence.from) problems.push({ field: `${at}.to`, rule: 'endBeforeStart' });
    const overlaps = entry.absences.some(
      (other, before) => before < index && other.from <= absence.to && absence.from <= other.to,
    );
    if (overlaps) problems.push({ field: `${at}.from`, rule: 'overlap' });
  });
  return problems;
}

/** Whole days from `today` to `cutoffOn` (both YYYY-MM-DD): 0 on the day, negative once it passed. */
export function daysUntil(cutoffOn: string, today: string): number {
  return Math.round((Date.parse(`${cutoffOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}
