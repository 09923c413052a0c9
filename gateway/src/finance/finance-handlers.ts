// Bank and key-figure calls: the entity's accounts, its transactions (paged, or streamed as CSV) and its
// key figures, each behind the membership and the codes of its contract route.
import { Readable } from 'node:stream';
import { routes } from '../../../kernel/contract/api.ts';
import { notFound } from '../http/http-error.ts';
import { pageInfo } from '../http/paging.ts';
import type { Handlers } from '../http/route-table.ts';
import { currentUser, requireAnyPermission, requireMembership } from '../kernel/deps.ts';
import type { Deps } from '../kernel/deps.ts';
import { maskIban } from './finance-data.ts';
import type { FinanceStore, MonthRow, TransactionFilters, TransactionRow } from './finance-store.ts';
import { isStale, monthEnd, type Treasury } from './treasury.ts';

type FinanceRoutes = 'bank' | 'bankTransactions' | 'bankTransactionsCsv' | 'keyFigures';

const euros = (cents: number) => Math.round(cents) / 100;

function filtersOf(query: {
  bankAccountId?: number;
  from?: string;
  to?: string;
  q?: string;
  min?: number;
  max?: number;
  sort?: 'date' | 'label' | 'amount';
  order?: 'asc' | 'desc';
}): TransactionFilters {
  return {
    bankAccountId: query.bankAccountId,
    from: query.from,
    to: query.to,
    q: query.q,
    min: query.min,
    max: query.max,
    sort: query.sort ?? 'date',
    order: query.order ?? 'desc',
  };
}

/** A CSV field: quoted when needed, and never read as a formula by a spreadsheet (CSV injection). */
function csvField(value: string, separator: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const CSV = {
  'fr-FR': { separator: ';', header: ['Date', 'Compte', 'Libellé', 'Montant'], decimal: ',' },
  en: { separator: ',', header: ['Date', 'Account', 'Label', 'Amount'], decimal: '.' },
} as const;

async function* csvLines(
  rows: AsyncIterable<TransactionRow>,
  accountNames: ReadonlyMap<number, string>,
  lang: keyof typeof CSV,
): AsyncGenerator<string> {
  const { separator, header, decimal } = CSV[lang];
  // UTF-8 with a byte-order mark, so spreadsheets read the accents right.
  yield `\uFEFF${header.join(separator)}\r\n`;
  for await (const row of rows) {
    const amount = (row.amount_cents / 100).toFixed(2).replace('.', decimal);
    yield `${[row.booked_on, csvField(accountNames.get(row.bank_account_id) ?? '', separator), csvField(row.label, separator), amount].join(separator)}\r\n`;
  }
}

function figuresOf(rows: readonly MonthRow[]) {
  const last = rows.at(-1);
  const sum = (pick: (row: MonthRow) => number) => euros(rows.reduce((total, row) => total + pick(row), 0));
  return {
    revenue: sum((row) => row.revenue_cents),
    grossMargin: sum((row) => row.gross_margin_cents),
    ebitda: sum((row) => row.ebitda_cents),
    netResult: sum((row) => row.net_result_cents),
    cash: euros(last?.cash_cents ?? 0),
    receivablesDays: last?.receivables_days ?? 0,
    payablesDays: last?.payables_days ?? 0,
    headcount: last?.headcount ?? 0,
  };
}

/**
 * `today` dates the treasury as the seed dated the bank's data: the demo's day when GATEWAY_DEMO_TODAY sets
 * one, else the real day (a bank synchronised three real days ago is stale).
 */
export function financeHandlers(
  deps: Deps,
  finance: FinanceStore,
  today: () => Date = () => new Date(),
): Pick<Handlers, FinanceRoutes> {
  async function requireEntityCode(userId: number, accountId: number, codes: readonly string[]) {
    const membership = await requireMembership(deps, userId, accountId);
    requireAnyPermission(deps, membership, codes);
  }

  function accountsOf(accountId: number) {
    return finance.accounts(accountId);
  }

  /** The entity's treasury today: the bank's summed balance at its last synchronisation. */
  async function treasuryOf(accountId: number) {
    const position = await finance.position(accountId);
    const day = today();
    const asOf = position.syncedOn ?? day.toISOString().slice(0, 10);
    const treasury: Treasury = { amount: euros(position.totalCents), asOf, stale: isStale(asOf, day) };
    return { treasury, accounts: position.accounts };
  }

  return {
    bank: async ({ session, params }) => {
      const user = await currentUser(deps, session);
      await requireEntityCode(user.id, params.id, routes.bank.requiresAnyOf);
      const { treasury, accounts } = await treasuryOf(params.id);
      return {
        accountId: params.id,
        currency: 'EUR',
        total: treasury.amount,
        treasury,
        accounts: accounts.map((account) => ({
          id: account.id,
          bankName: account.bank_name,
          ibanMasked: maskIban(account.iban),
          balance: euros(account.balance_cents),
          // Every balance stands at the synchronisation, the day of the total, not at its last movement.
          balanceDate: treasury.asOf,
          currency: 'EUR',
        })),
      };
    },

    bankTransactions: async ({ session, params, query }) => {
      const user = await currentUser(deps, session);
      await requireEntityCode(user.id, params.id, routes.bankTransactions.requiresAnyOf);
      const { page, pageSize } = query;
      const { rows, totalItems, totalCents } = await finance.page(
        params.id,
        filtersOf(query),
        page,
        pageSize,
      );
      const paging = pageInfo(totalItems, page, pageSize);
      return {
        items: rows.map((row) => ({
          id: row.id,
          bankAccountId: row.bank_account_id,
          date: row.booked_on,
          label: row.label,
          amount: euros(row.amount_cents),
        })),
        ...paging,
        totalAmount: euros(totalCents),
      };
    },

    bankTransactionsCsv: async ({ session, params, query, reply }) => {
      const user = await currentUser(deps, session);
      await requireEntityCode(user.id, params.id, routes.bankTransactionsCsv.requiresAnyOf);
      const entity = await deps.store.entities.ofMember(user.id, params.id);
      const names = new Map(
        (await accountsOf(params.id)).map((account) => [
          account.id,
          `${account.bank_name} ${maskIban(account.iban)}`,
        ]),
      );
      const period = [query.from ?? 'debut', query.to ?? 'fin'].join('_');
      const fileName = `operations-${(entity?.account_number ?? String(params.id)).replace(/[^A-Za-z0-9-]/g, '')}-${period}.csv`;
      reply.header('Content-Disposition', `attachment; filename="${fileName}"`);
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'no-store');
      return Readable.from(csvLines(finance.iterate(params.id, filtersOf(query)), names, query.lang));
    },

    keyFigures: async ({ session, params, query }) => {
      const user = await currentUser(deps, session);
      await requireEntityCode(user.id, params.id, routes.keyFigures.requiresAnyOf);
      const months = await finance.months(params.id);
      const years = [...new Set(months.map((row) => Number(row.month.slice(0, 4))))].sort((a, b) => a - b);
      const year = query.year ?? years.at(-1);
      if (year === undefined || !years.includes(year))
        throw notFound(`Key figures for ${String(query.year ?? '')}`);
      const current = months.filter((row) => row.month.startsWith(`${String(year)}-`));
      const monthNumbers = new Set(current.map((row) => row.month.slice(5)));
      const previousRows = months.filter(
        (row) => row.month.startsWith(`${String(year - 1)}-`) && monthNumbers.has(row.month.slice(5)),
      );
      const previousOf = (month: string) => previousRows.find((row) => row.month.slice(5) === month.slice(5));
      // The year of the bank's last synchronisation shows the bank's balance of that day (the bank page's
      // total); a closed year shows its last month-end balance, which the bank's movements made too.
      const latest = (await treasuryOf(params.id)).treasury;
      const lastMonth = current.at(-1);
      const treasury: Treasury =
        latest.asOf.startsWith(`${String(year)}-`) || lastMonth === undefined
          ? latest
          : { amount: euros(lastMonth.cash_cents), asOf: monthEnd(lastMonth.month), stale: false };
      return {
        year,
        availableYears: years,
        treasury,
        current: { ...figuresOf(current), cash: treasury.amount },
        previous: previousRows.length === 0 ? null : figuresOf(previousRows),
        months: current.map((row) => {
          const before = previousOf(row.month);
          return {
            month: row.month,
            revenue: euros(row.revenue_cents),
            grossMargin: euros(row.gross_margin_cents),
            cash: euros(row.cash_cents),
            previousRevenue: before === undefined ? null : euros(before.revenue_cents),
            previousGrossMargin: before === undefined ? null : euros(before.gross_margin_cents),
            previousCash: before === undefined ? null : euros(before.cash_cents),
          };
        }),
      };
    },
  };
}
