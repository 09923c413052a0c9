// The entry form's values as typed (text, a French decimal comma or a point) and what they mean: the
// entry the gateway receives, and its problems by field, from the gateway's own rules.
import { entryProblems } from '@portal/plugin-api';
import type { AbsenceKind, EntryProblem, PayrollEntryInput } from '@portal/plugin-api';

export type AbsenceValues = { kind: AbsenceKind; from: string; to: string };

/** The fields of the entry the gateway checks whose values are numbers, typed as text in the form. */
type NumberField = {
  [K in keyof PayrollEntryInput]-?: PayrollEntryInput[K] extends number ? K : never;
}[keyof PayrollEntryInput];

/** The form's values: the gateway's entry (PayrollEntryInput) with its numbers as typed. */
export type EntryValues = Record<NumberField, string> & { absences: AbsenceValues[]; note: string };

/** A number as a person types it: `151,67`, `151.67`, ` 1 200,5 `; blank is 0; anything else NaN. */
export function parseDecimal(text: string): number {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (compact === '') return 0;
  return /^\d+(\.\d*)?$/.test(compact) ? Number(compact) : NaN;
}

/** The form's values of a stored entry (none: blank), numbers written in the reader's language. */
export function valuesOf(
  entry: (Omit<PayrollEntryInput, 'absences'> & { absences: readonly AbsenceValues[] }) | null,
  language: string,
): EntryValues {
  const text = (value: number) =>
    value === 0 ? '' : language.startsWith('fr') ? String(value).replace('.', ',') : String(value);
  return {
    hours: entry === null ? '' : text(entry.hours),
    overtimeHours: entry === null ? '' : text(entry.overtimeHours),
    bonus: entry === null ? '' : text(entry.bonus),
    expenses: entry === null ? '' : text(entry.expenses),
    absences: entry === null ? [] : entry.absences.map((absence) => ({ ...absence })),
    note: entry?.note ?? '',
  };
}

export function entryOf(values: EntryValues): PayrollEntryInput {
  const number = (field: NumberField) => parseDecimal(values[field]);
  return {
    hours: number('hours'),
    overtimeHours: number('overtimeHours'),
    bonus: number('bonus'),
    expenses: number('expenses'),
    absences: values.absences,
    note: values.note.trim(),
  };
}

/** The first problem of each field (`hours`, `absences.0.to`), as the gateway would find them. */
export function problemsOf(values: EntryValues, month: string): ReadonlyMap<string, EntryProblem['rule']> {
  const problems = new Map<string, EntryProblem['rule']>();
  values.absences.forEach((absence, index) => {
    if (absence.from === '') problems.set(`absences.${String(index)}.from`, 'outsideMonth');
    if (absence.to === '') problems.set(`absences.${String(index)}.to`, 'outsideMonth');
  });
  for (const problem of entryProblems(entryOf(values), month))
    if (!problems.has(problem.field)) problems.set(problem.field, problem.rule);
  return problems;
}
