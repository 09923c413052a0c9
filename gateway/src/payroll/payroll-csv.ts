// A locked month as the payroll software imports it: one line per item of pay (hours, overtime, each
// absence, bonus, expenses) with the employee's number and names. UTF-8 with a byte-order mark so that a
// spreadsheet reads the accents; fr-FR writes semicolons and decimal commas, en commas and points.
import type { AbsenceKind, PayrollAbsence } from '../../../kernel/contract/payroll-rules.ts';

type Lang = 'fr-FR' | 'en';

export type CsvEmployee = {
  employeeNumber: string;
  firstName: string;
  lastName: string;
  hours: number;
  overtimeHours: number;
  bonus: number;
  expenses: number;
  absences: readonly PayrollAbsence[];
};

const WORDS = {
  'fr-FR': {
    separator: ';',
    decimal: ',',
    header: ['Matricule', 'Nom', 'Prénom', 'Rubrique', 'Quantité', 'Unité', 'Montant', 'Du', 'Au'],
    hours: 'Heures travaillées',
    overtime: 'Heures supplémentaires',
    bonus: 'Prime',
    expenses: 'Frais',
    hourUnit: 'heures',
    dayUnit: 'jours',
    absence: {
      'paid-leave': 'Absence congés payés',
      sick: 'Absence maladie',
      rtt: 'Absence RTT',
      unpaid: 'Absence sans solde',
      other: 'Absence autre',
    },
  },
  en: {
    separator: ',',
    decimal: '.',
    header: [
      'Employee number',
      'Last name',
      'First name',
      'Item',
      'Quantity',
      'Unit',
      'Amount',
      'From',
      'To',
    ],
    hours: 'Hours worked',
    overtime: 'Overtime hours',
    bonus: 'Bonus',
    expenses: 'Expenses',
    hourUnit: 'hours',
    dayUnit: 'days',
    absence: {
      'paid-leave': 'Absence paid leave',
      sick: 'Absence sick leave',
      rtt: 'Absence RTT',
      unpaid: 'Absence unpaid leave',
      other: 'Absence other',
    },
  },
} as const satisfies Record<Lang, { absence: Record<AbsenceKind, string> } & Record<string, unknown>>;

/** A CSV field: quoted when needed, and never read as a formula by a spreadsheet (CSV injection). */
export function csvField(value: string, separator: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Calendar days from `from` to `to`, both included. */
function daysOf(absence: PayrollAbsence): number {
  return (Date.parse(`${absence.to}T00:00:00Z`) - Date.parse(`${absence.from}T00:00:00Z`)) / 86_400_000 + 1;
}

export function payrollCsv(employees: readonly CsvEmployee[], lang: Lang): string {
  const words = WORDS[lang];
  const number = (value: number) => value.toFixed(2).replace('.', words.decimal);
  const lines = [words.header.join(words.separator)];
  for (const employee of employees) {
    const line = (item: string, quantity: string, unit: string, amount: string, from = '', to = '') =>
      lines.push(
        [
          employee.employeeNumber,
          employee.lastName,
          employee.firstName,
          item,
          quantity,
          unit,
          amount,
          from,
          to,
        ]
          .map((field) => csvField(field, words.separator))
          .join(words.separator),
      );
    if (employee.hours > 0) line(words.hours, number(employee.hours), words.hourUnit, '');
    if (employee.overtimeHours > 0) line(words.overtime, number(employee.overtimeHours), words.hourUnit, '');
    for (const absence of employee.absences)
      line(words.absence[absence.kind], String(daysOf(absence)), words.dayUnit, '', absence.from, absence.to);
    if (employee.bonus > 0) line(words.bonus, '', '', number(employee.bonus));
    if (employee.expenses > 0) line(words.expenses, '', '', number(employee.expenses));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
