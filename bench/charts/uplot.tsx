import { MantineProvider } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { MARGIN, MONTHS, REVENUE, markDone, rootElement } from './data.ts';

performance.mark('chart-start');
function Chart() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current === null) return undefined;
    const plot = new uPlot(
      {
        width: 800,
        height: 300,
        scales: { x: { time: false } },
        axes: [{ values: (_u, ticks) => ticks.map((t) => MONTHS[t] ?? '') }, {}],
        series: [{}, { label: 'Revenue', stroke: '#364fc7' }, { label: 'Margin', stroke: '#0b7285' }],
      },
      [MONTHS.map((_, i) => i), REVENUE, MARGIN],
      ref.current,
    );
    markDone();
    return () => plot.destroy();
  }, []);
  return <div ref={ref} />;
}
createRoot(rootElement()).render(
  <MantineProvider>
    <Chart />
  </MantineProvider>,
);
