import { MantineProvider, Table } from '@mantine/core';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { MARGIN, MONTHS, REVENUE, markDone, rootElement } from './data.ts';

performance.mark('chart-start');
function Chart() {
  useEffect(markDone, []);
  return (
    <Table>
      <Table.Tbody>
        {MONTHS.map((month, i) => (
          <Table.Tr key={month}>
            <Table.Td>{month}</Table.Td>
            <Table.Td>{REVENUE[i]}</Table.Td>
            <Table.Td>{MARGIN[i]}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
createRoot(rootElement()).render(
  <MantineProvider>
    <Chart />
  </MantineProvider>,
);
