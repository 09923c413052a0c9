import { describe, expect, it } from 'vitest';
import { formatFiscalYearEnd } from './fiscal-year-end.ts';

describe('fiscal year end in words', () => {
  it('reads 12-31 as 31 décembre in French and December 31 in English', () => {
    expect(formatFiscalYearEnd('12-31', 'fr-FR')).toBe('31 décembre');
    expect(formatFiscalYearEnd('12-31', 'en')).toBe('December 31');
    expect(formatFiscalYearEnd('06-30', 'fr-FR')).toBe('30 juin');
    expect(formatFiscalYearEnd('02-29', 'en')).toBe('February 29');
  });

  it('keeps a value that is no month-day as it was typed', () => {
    expect(formatFiscalYearEnd('', 'fr-FR')).toBe('');
    expect(formatFiscalYearEnd('13-01', 'fr-FR')).toBe('13-01');
    expect(formatFiscalYearEnd('02-31', 'en')).toBe('02-31');
  });
});
