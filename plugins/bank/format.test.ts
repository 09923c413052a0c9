import { describe, expect, it } from 'vitest';
import { formatDay, formatMoney, periodRange } from './format.ts';

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
    expect(plain(formatMoney(250, 'fr-FR', 'EUR', true))).toBe('+250,00 €');
    expect(formatMoney(-250, 'en', 'EUR', true)).toBe('-€250.00');
    expect(formatMoney(0, 'en', 'EUR', true)).toBe('€0.00');
  });

  it('writes days as 31/10/2026 in French and Oct 31, 2026 in English, whatever the time zone', () => {
    expect(formatDay('2026-10-31', 'fr-FR')).toBe('31/10/2026');
    expect(formatDay('2026-10-31', 'en')).toBe('Oct 31, 2026');
    expect(formatDay('2026-01-01', 'fr-FR')).toBe('01/01/2026');
  });
});

describe('period presets', () => {
  const today = new Date(Date.UTC(2026, 10, 22)); // 22 November 2026

  it('covers this month, last month, this quarter and last quarter', () => {
    expect(periodRange('thisMonth', today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodRange('lastMonth', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(periodRange('thisQuarter', today)).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(periodRange('lastQuarter', today)).toEqual({ from: '2026-07-01', to: '2026-09-30' });
  });

  it('crosses the year in January', () => {
    const january = new Date(Date.UTC(2027, 0, 10));
    expect(periodRange('lastMonth', january)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(periodRange('lastQuarter', january)).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });

  it('takes the fiscal year in progress, calendar or ending in June', () => {
    expect(periodRange('fiscalYear', today)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(periodRange('fiscalYear', today, 6)).toEqual({ from: '2026-07-01', to: '2027-06-30' });
    expect(periodRange('fiscalYear', new Date(Date.UTC(2026, 2, 1)), 6)).toEqual({
      from: '2025-07-01',
      to: '2026-06-30',
    });
  });

  it('leaves all dates and chosen dates open', () => {
    expect(periodRange('all', today)).toEqual({});
    expect(periodRange('custom', today)).toEqual({});
  });
});
