import { describe, expect, it } from 'vitest';
import { entryOf, parseDecimal, problemsOf, valuesOf } from './entry-values.ts';
import type { EntryValues } from './entry-values.ts';

const blank: EntryValues = { hours: '', overtimeHours: '', bonus: '', expenses: '', absences: [], note: '' };

describe('the payroll entry form', () => {
  it('reads numbers typed the French or the English way, blank as zero', () => {
    expect(parseDecimal('151,67')).toBe(151.67);
    expect(parseDecimal('151.67')).toBe(151.67);
    expect(parseDecimal(' 1 200,5 ')).toBe(1200.5);
    expect(parseDecimal('')).toBe(0);
    expect(parseDecimal('12h')).toBeNaN();
    expect(parseDecimal('-3')).toBeNaN();
  });

  it('names each field the gateway would refuse, as the person types', () => {
    const problems = problemsOf(
      {
        ...blank,
        hours: 'abc',
        overtimeHours: '250',
        bonus: '10,005',
        absences: [
          { kind: 'sick', from: '2026-11-09', to: '2026-11-08' },
          { kind: 'rtt', from: '2026-12-01', to: '' },
        ],
      },
      '2026-11',
    );
    expect(Object.fromEntries(problems)).toEqual({
      hours: 'range',
      overtimeHours: 'range',
      bonus: 'precision',
      'absences.0.to': 'endBeforeStart',
      'absences.1.from': 'outsideMonth',
      'absences.1.to': 'outsideMonth',
    });
  });

  it('accepts a complete month and sends numbers', () => {
    const values = {
      ...blank,
      hours: '151,67',
      bonus: '120,5',
      absences: [{ kind: 'paid-leave' as const, from: '2026-11-06', to: '2026-11-08' }],
      note: '  Prime de fin d’année ',
    };
    expect(problemsOf(values, '2026-11').size).toBe(0);
    expect(entryOf(values)).toEqual({
      hours: 151.67,
      overtimeHours: 0,
      bonus: 120.5,
      expenses: 0,
      absences: [{ kind: 'paid-leave', from: '2026-11-06', to: '2026-11-08' }],
      note: 'Prime de fin d’année',
    });
  });

  it('shows a stored entry in the reader’s language', () => {
    const entry = { hours: 151.67, overtimeHours: 0, bonus: 12.5, expenses: 0, absences: [], note: '' };
    expect(valuesOf(entry, 'fr-FR')).toMatchObject({ hours: '151,67', overtimeHours: '', bonus: '12,5' });
    expect(valuesOf(entry, 'en')).toMatchObject({ hours: '151.67', bonus: '12.5' });
    expect(valuesOf(null, 'fr-FR')).toEqual(blank);
  });
});
