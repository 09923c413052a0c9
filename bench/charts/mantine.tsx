import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { MantineProvider } from '@mantine/core';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { MARGIN, MONTHS, REVENUE, markDone, rootElement } from './data.ts';

performance.mark('chart-start');
const data = MONTHS.map((month, i) => ({ month, revenue: REVENUE[i], margin: MARGIN[i] }));
function Chart() {
  useEffect(markDone, []);
  return (
    <LineChart
      w={800}
      h={300}
      data={data}
      dataKey="month"
      withDots={false}
      curveType="linear"
      series={[
        { name: 'revenue', color: 'indigo.8' },
        { name: 'margin', color: 'cyan.9' },
      ]}
    />
  );
}
createRoot(rootElement()).render(
  <MantineProvider>
    <Chart />
  </MantineProvider>,
);
