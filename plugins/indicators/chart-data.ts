// What each chart of the indicators page shows, as data: the chart and its table alternative are both
// drawn from this, so they cannot disagree.
import type { MonthFigures } from './indicators-api.ts';

export type ChartKind = 'revenueMargin' | 'cash' | 'yearOverYear';

type ChartSeries = { key: string; values: readonly (number | null)[] };

export type ChartData = {
  /** `2026-01`… one per month, in order. */
  months: readonly string[];
  series: readonly ChartSeries[];
};

export function chartData(kind: ChartKind, months: readonly MonthFigures[]): ChartData {
  const labels = months.map((month) => month.month);
  switch (kind) {
    case 'revenueMargin':
      return {
        months: labels,
        series: [
          { key: 'revenue', values: months.map((m) => m.revenue) },
          { key: 'grossMargin', values: months.map((m) => m.grossMargin) },
        ],
      };
    case 'cash':
      return {
        months: labels,
        series: [
          { key: 'cash', values: months.map((m) => m.cash) },
          { key: 'previousCash', values: months.map((m) => m.previousCash) },
        ],
      };
    case 'yearOverYear':
      return {
        months: labels,
        series: [
          { key: 'revenue', values: months.map((m) => m.revenue) },
          { key: 'previousRevenue', values: months.map((m) => m.previousRevenue) },
        ],
      };
  }
}

/** The change from `previous` to `current`, as a fraction (0.1 = +10 %); null when it cannot be said. */
export function change(current: number, previous: number | undefined): number | null {
  if (previous === undefined || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}
