import { describe, expect, it } from 'vitest';
import { periodRange } from './format.ts';

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
