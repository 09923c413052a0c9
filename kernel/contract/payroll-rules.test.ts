import { describe, expect, it } from 'vitest';
import { daysUntil, entryProblems, lastDayOf, type PayrollEntryInput } from './payroll-rules.ts';

const entry: PayrollEntryInput = { hours: 151.67, overtimeHours: 0, bonus: 0, expenses: 0, absences: [] };

describe('payroll entry rules (the form and the gateway)', () => {
  it('accepts a plain month', () => {
    expect(entryProblems(entry, '2026-11')).toEqual([]);
  });

  it('refuses negative or oversized numbers, and more than cents', () => {
    expect(entryProblems({ ...entry, hours: -1, overtimeHours: 201, bonus: 1.005 }, '2026-11')).toEqual([
      { field: 'hours', rule: 'range' },
      { field: 'overtimeHours', rule: 'range' },
      { field: 'bonus', rule: 'precision' },
    ]);
  });

  it('keeps absences inside the month, in order, and apart', () => {
    const problems = entryProblems(
      {
        ...entry,
        absences: [
          { kind: 'sick', from: '2026-10-31', to: '2026-11-02' },
          { kind: 'rtt', from: '2026-11-10', to: '2026-11-09' },
          { kind: 'paid-leave', from: '2026-11-20', to: '2026-11-31' },
          { kind: 'other', from: '2026-11-02', to: '2026-11-03' },
        ],
      },
      '2026-11',
    );
    expect(problems).toEqual([
      { field: 'absences.0.from', rule: 'outsideMonth' },
      { field: 'absences.1.to', rule: 'endBeforeStart' },
      { field: 'absences.2.to', rule: 'outsideMonth' },
      { field: 'absences.3.from', rule: 'overlap' },
    ]);
  });

  it('knows the months’ last days and counts the days to the cut-off', () => {
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
    expect(lastDayOf('2026-11')).toBe('2026-11-30');
    expect(daysUntil('2026-11-20', '2026-11-02')).toBe(18);
    expect(daysUntil('2026-11-20', '2026-11-20')).toBe(0);
    expect(daysUntil('2026-11-20', '2026-11-23')).toBe(-3);
  });
});
