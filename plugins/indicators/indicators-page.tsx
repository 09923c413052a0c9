import { Group, NativeSelect, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSelectedEntity } from '@portal/plugin-api';
import {
  EmptyState,
  formatChange,
  formatDay,
  formatMoney,
  formatMonth,
  formatNumber,
  PageHeader,
  Placeholders,
  QueryState,
} from '@portal/ui';
import { ChartPanel } from './chart-panel.tsx';
import { change, chartData } from './chart-data.ts';
import type { ChartKind } from './chart-data.ts';
import { useKeyFiguresQuery } from './indicators-api.ts';
import type { Figures, Treasury } from './indicators-api.ts';
import { useT } from './translation.ts';

type FigureKey = keyof Figures;
const MONEY: readonly FigureKey[] = ['revenue', 'grossMargin', 'ebitda', 'netResult', 'cash'];
const FIGURES: readonly FigureKey[] = [...MONEY, 'receivablesDays', 'payablesDays', 'headcount'];
// For these, a rise is bad news: the card says so in words.
const LOWER_IS_BETTER: ReadonlySet<FigureKey> = new Set(['receivablesDays', 'payablesDays']);
const CHARTS: readonly ChartKind[] = ['revenueMargin', 'cash', 'yearOverYear'];

/** The entity's key figures for a fiscal year against the previous one, with monthly charts. */
export default function IndicatorsPage() {
  const { t, language } = useT();
  const selected = useSelectedEntity();
  const accountId = selected?.entity.accountId ?? 0;
  const [params, setParams] = useSearchParams();
  const yearParam = params.get('year');
  const year = yearParam !== null && /^\d{4}$/.test(yearParam) ? Number(yearParam) : undefined;
  const figures = useKeyFiguresQuery(
    { accountId, ...(year === undefined ? {} : { year }) },
    { skip: accountId === 0 },
  );
  const data = figures.data;

  const money = useCallback((value: number) => formatMoney(value, language, { whole: true }), [language]);
  const month = useCallback((value: string) => formatMonth(value, language), [language]);
  const shown = (key: FigureKey, value: number) =>
    MONEY.includes(key)
      ? money(value)
      : key === 'headcount'
        ? formatNumber(value, language)
        : t('units.days', { count: value });

  const names = useMemo(
    () =>
      data === undefined
        ? {}
        : {
            revenue: t('series.revenue', { year: data.year }),
            grossMargin: t('series.grossMargin', { year: data.year }),
            cash: t('series.cash', { year: data.year }),
            previousCash: t('series.cash', { year: data.year - 1 }),
            previousRevenue: t('series.revenue', { year: data.year - 1 }),
          },
    [data, t],
  );

  const chooseYear = (value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('year', value);
      return next;
    });

  const notFound = figures.error !== undefined && 'status' in figures.error && figures.error.status === 404;
  const empty = data?.months.length === 0 || (notFound && data === undefined);

  return (
    <Stack gap="lg">
      <PageHeader title={t('indicators.title')} description={t('indicators.intro')} />
      {data !== undefined && data.availableYears.length > 0 ? (
        <Group>
          <NativeSelect
            label={t('period.label')}
            value={String(data.year)}
            onChange={(event) => chooseYear(event.currentTarget.value)}
            data={[...data.availableYears]
              .reverse()
              .map((value) => ({ value: String(value), label: t('period.year', { year: value }) }))}
          />
        </Group>
      ) : null}

      <QueryState
        result={{ ...figures, isError: figures.isError && !notFound }}
        error={{
          title: data === undefined ? t('errors.load') : t('errors.stale'),
          message: t('errors.hint'),
          retryLabel: t('retry'),
          color: 'orange',
        }}
        placeholder={
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <Placeholders count={FIGURES.length} height={110} />
          </SimpleGrid>
        }
      >
        {empty ? <EmptyState title={t('empty')} reason={t('emptyReason')} /> : null}
      </QueryState>

      {data !== undefined && data.months.length > 0 ? (
        <>
          <section aria-labelledby="key-figures">
            <Text component="h2" id="key-figures" fw={700} size="lg" mb="sm">
              {t('cards.title', { year: data.year })}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
              {FIGURES.map((key) => {
                const value = data.current[key];
                const before = data.previous?.[key];
                const delta = change(value, before);
                const better = delta === null || delta === 0 ? null : delta > 0 !== LOWER_IS_BETTER.has(key);
                return (
                  <Paper key={key} withBorder p="md" radius="md" data-figure={key}>
                    <Text size="sm" c="dimmed">
                      {t(`figures.${key}`)}
                    </Text>
                    <Text size="xl" fw={700}>
                      {shown(key, value)}
                    </Text>
                    <Text size="sm" c={better === null ? 'dimmed' : better ? 'teal.9' : 'red.9'}>
                      {delta === null || before === undefined
                        ? t('cards.noComparison')
                        : t(delta > 0 ? 'cards.up' : delta < 0 ? 'cards.down' : 'cards.same', {
                            change: formatChange(delta, language),
                            previous: shown(key, before),
                            year: data.year - 1,
                          })}
                      {better === null ? null : ` · ${t(better ? 'cards.better' : 'cards.worse')}`}
                    </Text>
                    {key === 'cash' ? <TreasurySource treasury={data.treasury} /> : null}
                  </Paper>
                );
              })}
            </SimpleGrid>
          </section>

          <section aria-labelledby="charts">
            <Text component="h2" id="charts" fw={700} size="lg" mb="sm">
              {t('charts.title')}
            </Text>
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              {CHARTS.map((kind) => (
                <ChartPanel
                  key={kind}
                  title={t(`charts.${kind}`, { year: data.year, previous: data.year - 1 })}
                  view={{
                    data: chartData(kind, data.months),
                    names,
                    monthLabel: t('charts.month'),
                    formatValue: money,
                    formatMonth: month,
                  }}
                  showTable={t('charts.showTable')}
                  showChart={t('charts.showChart')}
                />
              ))}
            </SimpleGrid>
          </section>
        </>
      ) : null}
    </Stack>
  );
}

/** The day and source of the cash figure (the bank page's total), and a warning when the bank is stale. */
function TreasurySource({ treasury }: { treasury: Treasury }) {
  const { t, language } = useT();
  const date = formatDay(treasury.asOf, language);
  return (
    <>
      <Text size="sm" c="dimmed" data-part="as-of">
        {t('treasury.asOf', { date })}
      </Text>
      {treasury.stale ? (
        <Text size="sm" c="red.9" fw={600}>
          {t('treasury.outdated', { date })}
        </Text>
      ) : null}
    </>
  );
}
