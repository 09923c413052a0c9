import { Button, Group, Paper, Table, Text } from '@mantine/core';
import { useCallback, useId, useState } from 'react';
import { visuallyHidden } from '@portal/ui';
import type { ChartView } from './chart-data.ts';
import { LineChart } from './line-chart.tsx';

export type ChartPanelProps = {
  title: string;
  view: ChartView;
  showTable: string;
  showChart: string;
};

/**
 * A chart with its table alternative: a toggle shows the table to everyone; when the chart is shown, the
 * same table stays in the page for screen readers. Both come from the same series.
 */
export function ChartPanel(props: ChartPanelProps) {
  const { title, view } = props;
  const { data, names, monthLabel, formatValue, formatMonth } = view;
  const [asTable, setAsTable] = useState(false);
  const [canDraw, setCanDraw] = useState(true);
  const titleId = useId();
  const onUnavailable = useCallback(() => setCanDraw(false), []);
  const tableShown = asTable || !canDraw;
  const table = (
    <Table striped withTableBorder={tableShown} aria-labelledby={titleId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{monthLabel}</Table.Th>
          {data.series.map((series) => (
            <Table.Th key={series.key} scope="col" ta="right">
              {names[series.key] ?? series.key}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.months.map((month, row) => (
          <Table.Tr key={month}>
            <Table.Th scope="row" fw={400}>
              {formatMonth(month)}
            </Table.Th>
            {data.series.map((series) => {
              const value = series.values[row];
              return (
                <Table.Td key={series.key} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {value === null || value === undefined ? '—' : formatValue(value)}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Text component="h3" id={titleId} fw={700}>
          {title}
        </Text>
        {canDraw ? (
          <Button
            variant="subtle"
            size="xs"
            aria-pressed={asTable}
            onClick={() => setAsTable((value) => !value)}
          >
            {asTable ? props.showChart : props.showTable}
          </Button>
        ) : null}
      </Group>
      {tableShown ? null : <LineChart view={view} onUnavailable={onUnavailable} />}
      {tableShown ? (
        <Table.ScrollContainer minWidth={320}>{table}</Table.ScrollContainer>
      ) : (
        <div style={visuallyHidden}>{table}</div>
      )}
    </Paper>
  );
}
