import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartView } from './chart-data.ts';

const COLORS = ['#364fc7', '#0b7285'] as const;
const DASHES = [undefined, [6, 4]] as const;

export type LineChartProps = {
  view: ChartView;
  /** Called when the browser cannot draw (no canvas): the table alternative is then shown instead. */
  onUnavailable: () => void;
};

/**
 * A line chart drawn by uPlot on a canvas (chosen by measurement: docs/charts.md), as wide as its
 * container. The second series is dashed, so the two are told apart without colour.
 */
export function LineChart({ view, onUnavailable }: LineChartProps) {
  const { data, names, formatValue, formatMonth, monthLabel } = view;
  const holder = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const element = holder.current;
    if (element === null) return undefined;
    const observer = new ResizeObserver((entries) =>
      setWidth(Math.floor(entries[0]?.contentRect.width ?? 0)),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = holder.current;
    if (element === null || width === 0) return undefined;
    let plot: uPlot | null = null;
    try {
      plot = new uPlot(
        {
          width,
          height: 260,
          scales: { x: { time: false } },
          legend: { show: true },
          cursor: { drag: { x: false, y: false } },
          axes: [
            { values: (_u, ticks) => ticks.map((tick) => formatMonth(data.months[tick] ?? '')), space: 48 },
            { values: (_u, ticks) => ticks.map((tick) => formatValue(tick)), size: 90 },
          ],
          series: [
            {
              label: monthLabel,
              value: (_u: uPlot, index: number | null) =>
                index === null ? '—' : formatMonth(data.months[index] ?? ''),
            },
            ...data.series.map((series, index) => ({
              label: names[series.key] ?? series.key,
              stroke: COLORS[index % COLORS.length] ?? COLORS[0],
              width: 2,
              ...(DASHES[index % DASHES.length] === undefined
                ? {}
                : { dash: [...(DASHES[index % DASHES.length] ?? [])] }),
              value: (_u: uPlot, value: number | null) => (value === null ? '—' : formatValue(value)),
            })),
          ],
        },
        [data.months.map((_, index) => index), ...data.series.map((series) => [...series.values])],
        element,
      );
    } catch {
      onUnavailable();
    }
    return () => plot?.destroy();
  }, [width, data, names, formatValue, formatMonth, monthLabel, onUnavailable]);

  // The canvas says nothing to assistive technology: the table alternative does (see ChartPanel).
  return <div ref={holder} aria-hidden="true" style={{ width: '100%', minHeight: 260 }} />;
}
