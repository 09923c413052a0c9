// The period presets of the bank page: the days each covers on a given day.

export const PERIODS = [
  'all',
  'thisMonth',
  'lastMonth',
  'thisQuarter',
  'lastQuarter',
  'fiscalYear',
  'custom',
] as const;
export type Period = (typeof PERIODS)[number];

export type DayRange = { from?: string; to?: string };

const iso = (date: Date) => date.toISOString().slice(0, 10);
const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day));

/**
 * The days a preset covers on `today` (UTC). The fiscal year is the calendar year unless it ends in
 * another month (`fiscalYearEndMonth`, 1–12).
 */
export function periodRange(period: Period, today: Date, fiscalYearEndMonth = 12): DayRange {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  const quarter = Math.floor(month / 3);
  switch (period) {
    case 'thisMonth':
      return { from: iso(utc(year, month, 1)), to: iso(utc(year, month + 1, 0)) };
    case 'lastMonth':
      return { from: iso(utc(year, month - 1, 1)), to: iso(utc(year, month, 0)) };
    case 'thisQuarter':
      return { from: iso(utc(year, quarter * 3, 1)), to: iso(utc(year, quarter * 3 + 3, 0)) };
    case 'lastQuarter':
      return { from: iso(utc(year, quarter * 3 - 3, 1)), to: iso(utc(year, quarter * 3, 0)) };
    case 'fiscalYear': {
      // The fiscal year in progress: it started the month after the last fiscal year end.
      const endThisYear = fiscalYearEndMonth - 1;
      const startYear = month > endThisYear ? year : year - 1;
      const start = utc(startYear, endThisYear + 1, 1);
      return { from: iso(start), to: iso(utc(start.getUTCFullYear() + 1, start.getUTCMonth(), 0)) };
    }
    case 'all':
    case 'custom':
      return {};
  }
}
