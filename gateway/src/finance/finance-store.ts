// Bank accounts, transactions and monthly figures. They are demo data derived from the entity and the
// calendar (nothing a user writes), so they live outside the reseeded tables: generated when the database
// is opened on a new day, kept across resets, indexed for the filters of the bank page.
import { sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import { inTransaction, type Db } from '../db/connection.ts';
import type { Tables } from '../db/tables.ts';
import { monthEndBalances, seedBankAccounts, seedMonths, seedTransactions } from './finance-data.ts';

/** Rows per INSERT of the seed: a few thousand bound values, well under either database's limit. */
const SEED_BATCH = 500;

/** Rows per query of the CSV export, which reads the selection a chunk at a time. */
const EXPORT_CHUNK = 1000;

async function insertInBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += SEED_BATCH)
    await insert(rows.slice(start, start + SEED_BATCH));
}

/** (Re)generates the demo finance data when it was made on another day than `today`; one transaction. */
export async function seedFinance(db: Db, accountIds: readonly number[], today: Date = new Date()) {
  const day = today.toISOString().slice(0, 10);
  const made = await db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', 'financeSeededFor')
    .executeTakeFirst();
  const accounts = await db
    .selectFrom('bank_accounts')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirst();
  const existing = Number(accounts?.total ?? 0);
  if (made?.value === day && existing > 0) return;
  // No entity and no rows (a database outside demo mode): nothing to make nor to remove, and no write,
  // which could wait for another connection of this thread (two opens of one file at once).
  if (accountIds.length === 0 && existing === 0) return;
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('bank_transactions').execute();
    await trx.deleteFrom('bank_accounts').execute();
    await trx.deleteFrom('monthly_figures').execute();
    for (const accountId of accountIds) {
      const bankAccounts = seedBankAccounts(accountId);
      const transactions = seedTransactions(accountId, today);
      await trx
        .insertInto('bank_accounts')
        .values(
          bankAccounts.map((account) => ({
            id: account.id,
            account_id: accountId,
            bank_name: account.bankName,
            iban: account.iban,
            opening_cents: account.opening,
          })),
        )
        .execute();
      await insertInBatches(transactions, (batch) =>
        trx
          .insertInto('bank_transactions')
          .values(
            batch.map((row) => ({
              bank_account_id: row.bankAccountId,
              account_id: accountId,
              booked_on: row.date,
              label: row.label,
              amount_cents: row.amountCents,
            })),
          )
          .execute(),
      );
      const cash = monthEndBalances(bankAccounts, transactions);
      await insertInBatches(seedMonths(accountId, today, cash), (batch) =>
        trx
          .insertInto('monthly_figures')
          .values(
            batch.map((m) => ({
              account_id: accountId,
              month: m.month,
              revenue_cents: m.revenueCents,
              gross_margin_cents: m.grossMarginCents,
              ebitda_cents: m.ebitdaCents,
              net_result_cents: m.netResultCents,
              cash_cents: m.cashCents,
              receivables_days: m.receivablesDays,
              payables_days: m.payablesDays,
              headcount: m.headcount,
            })),
          )
          .execute(),
      );
    }
    await trx
      .insertInto('meta')
      .values({ key: 'financeSeededFor', value: day })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: day }))
      .execute();
  });
}

export type TransactionFilters = {
  bankAccountId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  /** Euros, on the absolute amount: "between 100 and 500" finds debits and credits of that size. */
  min?: number | undefined;
  max?: number | undefined;
  sort: 'date' | 'label' | 'amount';
  order: 'asc' | 'desc';
};

export type MonthRow = Selectable<Tables['monthly_figures']>;

/** The conditions of the filters, every value bound. */
function matching(accountId: number, filters: TransactionFilters) {
  return (eb: ExpressionBuilder<Tables, 'bank_transactions'>) => {
    const conditions: Expression<SqlBool>[] = [eb('account_id', '=', accountId)];
    if (filters.bankAccountId !== undefined)
      conditions.push(eb('bank_account_id', '=', filters.bankAccountId));
    if (filters.from !== undefined) conditions.push(eb('booked_on', '>=', filters.from));
    if (filters.to !== undefined) conditions.push(eb('booked_on', '<=', filters.to));
    if (filters.q !== undefined && filters.q.trim() !== '') {
      // % and _ are text; both sides lowered by the database, so the case rule is the same on either.
      const pattern = `%${filters.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(sql<SqlBool>`lower(label) LIKE lower(${pattern}) ESCAPE '\\'`);
    }
    if (filters.min !== undefined)
      conditions.push(eb(eb.fn<number>('abs', ['amount_cents']), '>=', Math.round(filters.min * 100)));
    if (filters.max !== undefined)
      conditions.push(eb(eb.fn<number>('abs', ['amount_cents']), '<=', Math.round(filters.max * 100)));
    return eb.and(conditions);
  };
}

export function createFinanceStore(db: Db) {
  /** The selected rows in the asked order (the id breaks ties, so pages never overlap). */
  function selection(accountId: number, filters: TransactionFilters) {
    const direction = filters.order;
    const query = db
      .selectFrom('bank_transactions')
      .select(['id', 'bank_account_id', 'booked_on', 'label', 'amount_cents'])
      .where(matching(accountId, filters));
    const sorted =
      filters.sort === 'date'
        ? query.orderBy('booked_on', direction)
        : filters.sort === 'amount'
          ? query.orderBy('amount_cents', direction)
          : query.orderBy((eb) => eb.fn<string>('lower', ['label']), direction);
    return sorted.orderBy('id', direction);
  }

  /** The entity's accounts with their balance (opening plus every movement) and last movement's day. */
  async function accounts(accountId: number) {
    const rows = await db
      .selectFrom('bank_accounts as a')
      .leftJoin('bank_transactions as t', 't.bank_account_id', 'a.id')
      .select((eb) => [
        'a.id',
        'a.bank_name',
        'a.iban',
        'a.opening_cents',
        eb.fn.sum<number | string | null>('t.amount_cents').as('moved'),
        eb.fn.max('t.booked_on').as('last'),
      ])
      .where('a.account_id', '=', accountId)
      .groupBy(['a.id', 'a.bank_name', 'a.iban', 'a.opening_cents'])
      .orderBy('a.id')
      .execute();
    return rows.map(({ moved, last, ...account }) => ({
      ...account,
      balance_cents: account.opening_cents + Number(moved ?? 0),
      balance_date: last ?? null,
    }));
  }

  return {
    accounts,
    /**
     * The entity's cash position: its accounts, their summed balance, and the day the bank was last
     * synchronised (the demo's finance seed day), which dates every balance. The bank page and the
     * indicators both read it, so the treasury is one figure.
     */
    async position(accountId: number) {
      const rows = await accounts(accountId);
      const synced = await db
        .selectFrom('meta')
        .select('value')
        .where('key', '=', 'financeSeededFor')
        .executeTakeFirst();
      const latest = rows.reduce<string | null>(
        (day, row) =>
          row.balance_date !== null && (day === null || row.balance_date > day) ? row.balance_date : day,
        null,
      );
      return {
        accounts: rows,
        totalCents: rows.reduce((total, row) => total + row.balance_cents, 0),
        syncedOn: synced?.value ?? latest,
      };
    },
    /** One page and the totals of the whole selection. */
    async page(accountId: number, filters: TransactionFilters, page: number, pageSize: number) {
      const totals = await db
        .selectFrom('bank_transactions')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('total'),
          eb.fn.sum<number | string | null>('amount_cents').as('sum'),
        ])
        .where(matching(accountId, filters))
        .executeTakeFirst();
      const rows = await selection(accountId, filters)
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { rows, totalItems: Number(totals?.total ?? 0), totalCents: Number(totals?.sum ?? 0) };
    },
    /**
     * Every selected row, a chunk per query (the CSV export streams them): no connection is held while
     * the client reads.
     */
    async *iterate(accountId: number, filters: TransactionFilters) {
      for (let offset = 0; ; offset += EXPORT_CHUNK) {
        const rows = await selection(accountId, filters).limit(EXPORT_CHUNK).offset(offset).execute();
        yield* rows;
        if (rows.length < EXPORT_CHUNK) return;
      }
    },
    months: (accountId: number): Promise<MonthRow[]> =>
      db
        .selectFrom('monthly_figures')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('month')
        .execute(),
  };
}

export type FinanceStore = ReturnType<typeof createFinanceStore>;
export type TransactionRow = Awaited<ReturnType<FinanceStore['page']>>['rows'][number];
