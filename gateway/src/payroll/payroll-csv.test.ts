import { describe, expect, it } from 'vitest';
import { csvField, payrollCsv } from './payroll-csv.ts';

const employee = {
  employeeNumber: 'M001',
  firstName: 'Jean; "JJ"',
  lastName: '=Bernard',
  hours: 151.67,
  overtimeHours: 0,
  bonus: 0,
  expenses: 12.5,
  absences: [{ kind: 'paid-leave' as const, from: '2026-11-06', to: '2026-11-08' }],
};

describe('payroll CSV', () => {
  it('quotes separators and quotes, and never lets a spreadsheet read a formula', () => {
    expect(csvField('a;b', ';')).toBe('"a;b"');
    expect(csvField('say "hi"', ';')).toBe('"say ""hi"""');
    expect(csvField('=SUM(A1)', ';')).toBe("'=SUM(A1)");
    expect(csvField('a,b', ';')).toBe('a,b');
  });

  it('writes one line per item, with a BOM, in French by default', () => {
    const text = payrollCsv([employee], 'fr-FR');
    expect(text.startsWith('\uFEFFMatricule;')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Matricule;Nom;Prénom;Rubrique;Quantité;Unité;Montant;Du;Au',
      `M001;'=Bernard;"Jean; ""JJ""";Heures travaillées;151,67;heures;;;`,
      `M001;'=Bernard;"Jean; ""JJ""";Absence congés payés;3;jours;;2026-11-06;2026-11-08`,
      `M001;'=Bernard;"Jean; ""JJ""";Frais;;;12,50;;`,
      '',
    ]);
  });

  it('writes commas and decimal points in English', () => {
    const lines = payrollCsv([employee], 'en').slice(1).split('\r\n');
    expect(lines[0]).toBe('Employee number,Last name,First name,Item,Quantity,Unit,Amount,From,To');
    expect(lines[3]).toBe(`M001,'=Bernard,"Jean; ""JJ""",Expenses,,,12.50,,`);
  });
});
