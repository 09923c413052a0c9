import { MantineProvider } from '@mantine/core';
import {
  CategoryScale,
  Chart as ChartJs,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { MARGIN, MONTHS, REVENUE, markDone, rootElement } from './data.ts';

ChartJs.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Legend);
performance.mark('chart-start');
function Chart() {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (ref.current === null) return undefined;
    const chart = new ChartJs(ref.current, {
      type: 'line',
      data: {
        labels: MONTHS,
        datasets: [
          { label: 'Revenue', data: REVENUE, borderColor: '#364fc7' },
          { label: 'Margin', data: MARGIN, borderColor: '#0b7285' },
        ],
      },
      options: { animation: false, responsive: false },
    });
    markDone();
    return () => chart.destroy();
  }, []);
  return <canvas ref={ref} width={800} height={300} />;
}
createRoot(rootElement()).render(
  <MantineProvider>
    <Chart />
  </MantineProvider>,
);
