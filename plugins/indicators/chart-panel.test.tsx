import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRealManifest, renderWithPortal } from '@portal/plugin-api/testing';
import { ChartPanel } from './chart-panel.tsx';
import { change, chartData } from './chart-data.ts';
import type { MonthFigures } from './indicators-api.ts';

afterEach(cleanup);

const months: MonthFigures[] = [
  {
    month: '2026-01',
    revenue: 41000,
    grossMargin: 22000,
    cash: 51000,
    previousRevenue: 38000,
    previousGrossMargin: 20000,
    previousCash: 47000,
  },
  {
    month: '2026-02',
    revenue: 39500,
    grossMargin: 21000,
    cash: 53500,
    previousRevenue: 36500,
    previousGrossMargin: 19000,
    previousCash: 48000,
  },
  {
    month: '2026-03',
    revenue: 45200,
    grossMargin: 24900,
    cash: 55000,
    previousRevenue: null,
    previousGrossMargin: null,
    previousCash: null,
  },
];

describe('the table alternative of a chart', () => {
  it('holds exactly the chart’s series, month by month', async () => {
    const data = chartData('yearOverYear', months);
    await renderWithPortal(
      <ChartPanel
        title="Chiffre d'affaires : 2026 contre 2025"
        view={{
          data,
          names: { revenue: 'CA 2026', previousRevenue: 'CA 2025' },
          monthLabel: 'Mois',
          formatValue: (value) => String(value),
          formatMonth: (month) => month,
        }}
        showTable="Afficher le tableau"
        showChart="Afficher le graphique"
      />,
      { config: loadRealManifest() },
    );
    const table = screen.getByRole('table', { name: "Chiffre d'affaires : 2026 contre 2025" });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Mois', 'CA 2026', 'CA 2025']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [
        within(row).getByRole('rowheader').textContent,
        ...within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ]);
    const fromChart = data.months.map((month, i) => [
      month,
      ...data.series.map((series) => (series.values[i] === null ? '—' : String(series.values[i]))),
    ]);
    expect(rows).toEqual(fromChart);
    expect(rows[2]).toEqual(['2026-03', '45200', '—']);
  });

  it('builds each chart from the monthly figures it names', () => {
    expect(chartData('revenueMargin', months).series.map((s) => s.key)).toEqual(['revenue', 'grossMargin']);
    expect(chartData('cash', months).series[1]?.values).toEqual([47000, 48000, null]);
    expect(chartData('yearOverYear', months).months).toEqual(['2026-01', '2026-02', '2026-03']);
  });

  it('says a change only when there is something to compare with', () => {
    expect(change(110, 100)).toBeCloseTo(0.1);
    expect(change(-50, -100)).toBeCloseTo(0.5);
    expect(change(100, 0)).toBeNull();
    expect(change(100, undefined)).toBeNull();
  });
});
