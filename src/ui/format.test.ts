import { describe, expect, it } from 'vitest';
import { formatChange, formatDay, formatMoney, formatMonth, formatNumber } from './format.ts';

// Intl separates French thousands with a narrow no-break space and the euro sign with a no-break space.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('money and dates in the person’s language', () => {
  it('writes amounts as 1 234,56 € in French and €1,234.56 in English', () => {
    expect(plain(formatMoney(1234.56, 'fr-FR'))).toBe('1 234,56 €');
    expect(formatMoney(1234.56, 'en')).toBe('€1,234.56');
    expect(plain(formatMoney(-89.9, 'fr-FR'))).toBe('-89,90 €');
    expect(formatMoney(-89.9, 'en')).toBe('-€89.90');
  });

  it('signs credits and debits when asked, zero unsigned', () => {
    expect(plain(formatMoney(250, 'fr-FR', { signed: true }))).toBe('+250,00 €');
    expect(formatMoney(-250, 'en', { signed: true })).toBe('-€250.00');
    expect(formatMoney(0, 'en', { signed: true })).toBe('€0.00');
  });

  it('writes days as 31/10/2026 in French and Oct 31, 2026 in English, whatever the time zone', () => {
    expect(formatDay('2026-10-31', 'fr-FR')).toBe('31/10/2026');
    expect(formatDay('2026-10-31', 'en')).toBe('Oct 31, 2026');
    expect(formatDay('2026-01-01', 'fr-FR')).toBe('01/01/2026');
  });
});

describe('months, changes and counts', () => {
  it('writes months, percentages and whole numbers in both languages', () => {
    expect(formatMonth('2026-10', 'fr-FR')).toBe('oct. 2026');
    expect(formatMonth('2026-10', 'en')).toBe('Oct 2026');
    expect(plain(formatChange(0.1234, 'fr-FR'))).toBe('+12,3 %');
    expect(formatChange(-0.05, 'en')).toBe('-5.0%');
    expect(plain(formatNumber(1234, 'fr-FR'))).toBe('1 234');
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(plain(formatMoney(412345.67, 'fr-FR', { whole: true }))).toBe('412 346 €');
  });
});
