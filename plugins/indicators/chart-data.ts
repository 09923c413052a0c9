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

/**
 * A chart as the person reads it: its series, their names in the person's language, how a value and a
 * month read, and the name of the month axis. The chart and its table alternative both take it whole.
 */
export type ChartView = {
  data: ChartData;
  /** Series names, by series key. */
  names: Readonly<Record<string, string>>;
  formatValue: (value: number) => string;
  formatMonth: (month: string) => string;
  /** The name of the month axis, and of the table's month column ("Mois"). */
  monthLabel: string;
};

/** The figures each chart draws, in the order of its series. */
const SERIES = {
  revenueMargin: ['revenue', 'grossMargin'],
  cash: ['cash', 'previousCash'],
  yearOverYear: ['revenue', 'previousRevenue'],
} as const satisfies Record<ChartKind, readonly (keyof MonthFigures)[]>;

export function chartData(kind: ChartKind, months: readonly MonthFigures[]): ChartData {
  return {
    months: months.map((month) => month.month),
    series: SERIES[kind].map((key) => ({ key, values: months.map((month) => month[key]) })),
  };
}

/** The change from `previous` to `current`, as a fraction (0.1 = +10 %); null when it cannot be said. */
export function change(current: number, previous: number | undefined): number | null {
  if (previous === undefined || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}
