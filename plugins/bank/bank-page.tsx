import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useAction, useGatewayDownload, useSelectedEntity, useTrack } from '@portal/plugin-api';
import {
  DataTable,
  formatDay,
  formatMoney,
  numberFilter,
  PageHeader,
  Placeholders,
  QueryState,
  useTableState,
} from '@portal/ui';
import type { DataColumn, DataFilter } from '@portal/ui';
import { transactionsCsvPath, useBankQuery, useBankTransactionsQuery } from './bank-api.ts';
import type { BankAccount, Transaction } from './bank-api.ts';
import { PERIODS, periodRange } from './format.ts';
import type { Period } from './format.ts';
import { useT } from './translation.ts';

const FILTERS = ['account', 'period', 'from', 'to', 'min', 'max'] as const;
const PAGE_SIZE = 25;

const isPeriod = (value: string | undefined): value is Period => PERIODS.some((period) => period === value);
const amountOf = (value: string | undefined) =>
  value !== undefined && /^\d+([.,]\d{1,2})?$/.test(value) ? Number(value.replace(',', '.')) : undefined;

/** The entity's bank: accounts and balances, then the transactions with filters, sums and a CSV export. */
export default function BankPage() {
  const { t, language } = useT();
  const selected = useSelectedEntity();
  const accountId = selected?.entity.accountId ?? 0;
  const canExport = useAction('bank.export');
  const track = useTrack();
  const download = useGatewayDownload();
  const [exporting, setExporting] = useState<'idle' | 'busy' | 'failed'>('idle');

  const table = useTableState({ defaultSort: 'date', defaultOrder: 'desc', filterKeys: FILTERS });
  const { filters } = table.query;
  const period: Period = isPeriod(filters['period']) ? filters['period'] : 'all';
  const range =
    period === 'custom' ? { from: filters['from'], to: filters['to'] } : periodRange(period, new Date());
  const bankAccountId = numberFilter(table, 'account');
  const min = amountOf(filters['min']);
  const max = amountOf(filters['max']);
  const selection = {
    ...(bankAccountId === undefined ? {} : { bankAccountId }),
    ...(range.from === undefined ? {} : { from: range.from }),
    ...(range.to === undefined ? {} : { to: range.to }),
    ...(table.query.search === '' ? {} : { q: table.query.search }),
    ...(min === undefined ? {} : { min }),
    ...(max === undefined ? {} : { max }),
    sort: table.query.sort === 'label' || table.query.sort === 'amount' ? table.query.sort : 'date',
    order: table.query.order,
  } as const;

  const bank = useBankQuery(accountId, { skip: accountId === 0 });
  const transactions = useBankTransactionsQuery(
    { accountId, ...selection, page: table.query.page, pageSize: PAGE_SIZE },
    { skip: accountId === 0 },
  );
  const accounts = bank.data?.accounts ?? [];
  const accountName = (id: number) => accounts.find((account) => account.id === id)?.bankName ?? '';

  const columns: DataColumn<Transaction>[] = [
    {
      key: 'date',
      header: t('transactions.date'),
      sortable: true,
      primary: 'field',
      render: (row) => formatDay(row.date, language),
    },
    {
      key: 'label',
      header: t('transactions.label'),
      sortable: true,
      primary: 'title',
      render: (row) => row.label,
    },
    { key: 'account', header: t('transactions.account'), render: (row) => accountName(row.bankAccountId) },
    {
      key: 'kind',
      header: t('transactions.kind'),
      // Said in words, not by colour alone.
      render: (row) =>
        row.amount < 0 ? (
          <Text span size="sm" c="gray.8">
            <span aria-hidden="true">↓ </span>
            {t('transactions.debit')}
          </Text>
        ) : (
          <Text span size="sm" fw={600} c="teal.9">
            <span aria-hidden="true">↑ </span>
            {t('transactions.credit')}
          </Text>
        ),
    },
    {
      key: 'amount',
      header: t('transactions.amount'),
      sortable: true,
      numeric: true,
      primary: 'field',
      render: (row) => (
        <Text span fw={600} {...(row.amount < 0 ? {} : { c: 'teal.9' })}>
          {formatMoney(row.amount, language, { signed: true })}
        </Text>
      ),
    },
  ];

  const setPeriod = (value: string) => {
    table.setFilter('period', value === 'all' ? undefined : value);
  };

  const tableFilters: DataFilter[] = [
    {
      kind: 'select',
      key: 'account',
      label: t('filters.account'),
      allLabel: t('filters.allAccounts'),
      options: accounts.map((account) => ({
        value: String(account.id),
        label: `${account.bankName} ${account.ibanMasked.slice(-4)}`,
      })),
    },
    {
      kind: 'custom',
      keys: ['period'],
      node: (
        <NativeSelect
          label={t('filters.period')}
          value={period}
          onChange={(event) => setPeriod(event.currentTarget.value)}
          data={PERIODS.map((value) => ({ value, label: t(`periods.${value}`) }))}
        />
      ),
    },
    ...(period === 'custom'
      ? [{ kind: 'dateRange', labels: { from: t('filters.from'), to: t('filters.to') } } as const]
      : []),
    ...(['min', 'max'] as const).map((key): DataFilter => ({
      kind: 'custom',
      keys: [key],
      node: (
        <AmountFilter
          label={t(`filters.${key}`)}
          value={filters[key]}
          onChange={(value) => table.setFilter(key, value)}
        />
      ),
    })),
  ];

  const exportCsv = async () => {
    setExporting('busy');
    track('featureConsulted', { feature: 'bank-export' });
    try {
      const number = selected?.entity.accountNumber ?? String(accountId);
      await download(
        transactionsCsvPath(accountId),
        { ...selection, lang: language.startsWith('fr') ? 'fr-FR' : 'en' },
        `${t('export.fileName')}-${number}-${range.from ?? t('export.start')}_${range.to ?? t('export.end')}.csv`,
      );
      setExporting('idle');
    } catch {
      setExporting('failed');
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader title={t('bank.title')} description={t('bank.intro')} />

      <section aria-labelledby="bank-accounts">
        <Text component="h2" id="bank-accounts" fw={700} size="lg" mb="sm">
          {t('accounts.title')}
        </Text>
        <QueryState
          result={bank}
          error={{
            title: bank.data ? t('accounts.stale') : t('accounts.error'),
            message: t('accounts.errorHint'),
            retryLabel: t('retry'),
            color: 'orange',
            mb: 'sm',
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {bank.data === undefined && bank.isLoading ? (
            <Placeholders count={3} height={104} />
          ) : (
            accounts.map((account) => <AccountCard key={account.id} account={account} language={language} />)
          )}
          {bank.data ? (
            <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)" data-figure="treasury">
              <Text fw={600}>{t('accounts.total')}</Text>
              <Text size="xl" fw={700} mt="xs">
                {formatMoney(bank.data.treasury.amount, language, { currency: bank.data.currency })}
              </Text>
              <Text size="sm" c="dimmed">
                {t('accounts.count', { count: accounts.length })}
              </Text>
              <Text size="sm" c="dimmed" data-part="as-of">
                {t('accounts.asOf', { date: formatDay(bank.data.treasury.asOf, language) })}
              </Text>
              {bank.data.treasury.stale ? (
                <Text size="sm" c="red.9" fw={600}>
                  {t('accounts.outdated', { date: formatDay(bank.data.treasury.asOf, language) })}
                </Text>
              ) : null}
            </Paper>
          ) : null}
        </SimpleGrid>
      </section>

      <section aria-labelledby="bank-transactions">
        <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
          <Text component="h2" id="bank-transactions" fw={700} size="lg">
            {t('transactions.title')}
          </Text>
          {canExport ? (
            <Button variant="light" onClick={() => void exportCsv()} loading={exporting === 'busy'}>
              {t('export.button')}
            </Button>
          ) : null}
        </Group>
        {exporting === 'failed' ? (
          <Alert color="red" variant="light" role="alert" mb="sm">
            {t('export.failed')}
          </Alert>
        ) : null}
        <DataTable
          caption={t('transactions.caption')}
          columns={columns}
          rowKey={(row) => row.id}
          table={table}
          result={transactions}
          blank={{ title: t('transactions.blank'), reason: t('transactions.blankReason') }}
          emptyMessage={t('transactions.empty')}
          searchLabel={t('filters.search')}
          filters={tableFilters}
        />
        {transactions.data ? (
          <Text size="sm" mt="xs" role="status" data-testid="selection-summary">
            {t('transactions.summary', {
              count: transactions.data.totalItems,
              total: formatMoney(transactions.data.totalAmount, language, { signed: true }),
            })}
          </Text>
        ) : null}
      </section>
    </Stack>
  );
}

function AccountCard({ account, language }: { account: BankAccount; language: string }) {
  const { t } = useT();
  return (
    <Paper withBorder p="md" radius="md">
      <Text fw={600}>{account.bankName}</Text>
      <Text
        size="sm"
        ff="monospace"
        c="dimmed"
        aria-label={t('accounts.ibanEnding', { digits: account.ibanMasked.slice(-4) })}
      >
        {account.ibanMasked}
      </Text>
      <Text size="xl" fw={700} mt="xs">
        {formatMoney(account.balance, language, { currency: account.currency })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('accounts.balanceOn', { date: formatDay(account.balanceDate, language) })}
      </Text>
    </Paper>
  );
}

/** An amount bound kept as typed; the address (and so the query) only takes well-formed amounts. */
function AmountFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const [typed, setTyped] = useState(value ?? '');
  const { t } = useT();
  const valid = typed === '' || amountOf(typed) !== undefined;
  return (
    <TextInput
      label={label}
      inputMode="decimal"
      w={130}
      value={typed}
      error={valid ? undefined : t('filters.amountInvalid')}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setTyped(next);
        if (next === '' || amountOf(next) !== undefined) onChange(next === '' ? undefined : next);
      }}
    />
  );
}
