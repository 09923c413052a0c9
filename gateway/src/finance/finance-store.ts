// Bank accounts, transactions and monthly figures in SQLite. They are demo data derived from the entity
// and the calendar (nothing a user writes), so they live outside the reseeded tables: generated when the
// database is opened on a new day, kept across resets, indexed for the filters of the bank page.
import type { Database, Statement } from 'better-sqlite3';
import { seedBankAccounts, seedMonths, seedTransactions } from './finance-data.ts';

/** (Re)generates the demo finance data when it was made on another day than `today`; one transaction. */
export function seedFinance(db: Database, accountIds: readonly number[], today: Date = new Date()): void {
  const day = today.toISOString().slice(0, 10);
  const made = db
    .prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'financeSeededFor'")
    .get();
  const accounts = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM bank_accounts').get();
  if (made?.value === day && (accounts?.n ?? 0) > 0) return;
  db.transaction(() => {
    db.exec('DELETE FROM bank_transactions; DELETE FROM bank_accounts; DELETE FROM monthly_figures;');
    const insertAccount = db.prepare(
      'INSERT INTO bank_accounts (id, account_id, bank_name, iban, opening_cents) VALUES (?, ?, ?, ?, ?)',
    );
    const insertTransaction = db.prepare(
      'INSERT INTO bank_transactions (bank_account_id, account_id, booked_on, label, amount_cents) VALUES (?, ?, ?, ?, ?)',
    );
    const insertMonth = db.prepare(
      `INSERT INTO monthly_figures (account_id, month, revenue_cents, gross_margin_cents, ebitda_cents, net_result_cents,
         cash_cents, receivables_days, payables_days, headcount) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const accountId of accountIds) {
      for (const account of seedBankAccounts(accountId))
        insertAccount.run(account.id, accountId, account.bankName, account.iban, account.opening);
      for (const row of seedTransactions(accountId, today))
        insertTransaction.run(row.bankAccountId, accountId, row.date, row.label, row.amountCents);
      for (const m of seedMonths(accountId, today))
        insertMonth.run(
          accountId,
          m.month,
          m.revenueCents,
          m.grossMarginCents,
          m.ebitdaCents,
          m.netResultCents,
          m.cashCents,
          m.receivablesDays,
          m.payablesDays,
          m.headcount,
        );
    }
    db.prepare(
      "INSERT INTO meta (key, value) VALUES ('financeSeededFor', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
    ).run(day);
  })();
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

export type TransactionRow = {
  id: number;
  bank_account_id: number;
  booked_on: string;
  label: string;
  amount_cents: number;
};

const SORT_COLUMNS = { date: 'booked_on', label: 'label COLLATE NOCASE', amount: 'amount_cents' } as const;

/** The WHERE clause of the filters: fixed fragments, every value bound. */
function where(accountId: number, filters: TransactionFilters): { sql: string; params: (string | number)[] } {
  const clauses = ['account_id = ?'];
  const params: (string | number)[] = [accountId];
  if (filters.bankAccountId !== undefined) {
    clauses.push('bank_account_id = ?');
    params.push(filters.bankAccountId);
  }
  if (filters.from !== undefined) {
    clauses.push('booked_on >= ?');
    params.push(filters.from);
  }
  if (filters.to !== undefined) {
    clauses.push('booked_on <= ?');
    params.push(filters.to);
  }
  if (filters.q !== undefined && filters.q.trim() !== '') {
    clauses.push("label LIKE ? ESCAPE '\\'");
    params.push(`%${filters.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  if (filters.min !== undefined) {
    clauses.push('ABS(amount_cents) >= ?');
    params.push(Math.round(filters.min * 100));
  }
  if (filters.max !== undefined) {
    clauses.push('ABS(amount_cents) <= ?');
    params.push(Math.round(filters.max * 100));
  }
  return { sql: clauses.join(' AND '), params };
}

function orderBy(filters: TransactionFilters): string {
  const direction = filters.order === 'asc' ? 'ASC' : 'DESC';
  return `ORDER BY ${SORT_COLUMNS[filters.sort]} ${direction}, id ${direction}`;
}

export function createFinanceStore(db: Database) {
  const accountsOf = db.prepare<
    [number],
    { id: number; bank_name: string; iban: string; opening_cents: number }
  >('SELECT id, bank_name, iban, opening_cents FROM bank_accounts WHERE account_id = ? ORDER BY id');
  const movementOf = db.prepare<[number], { sum: number | null; last: string | null }>(
    'SELECT SUM(amount_cents) AS sum, MAX(booked_on) AS last FROM bank_transactions WHERE bank_account_id = ?',
  );
  const monthsOf = db.prepare<[number], MonthRow>(
    'SELECT * FROM monthly_figures WHERE account_id = ? ORDER BY month',
  );
  // The filters combine into a few dozen distinct statements: each is compiled once, not per request.
  const statements = new Map<string, Statement<(string | number)[]>>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = db.prepare<(string | number)[]>(sql);
      statements.set(sql, statement);
    }
    return statement;
  };

  return {
    accounts(accountId: number) {
      return accountsOf.all(accountId).map((account) => {
        const movement = movementOf.get(account.id);
        return {
          ...account,
          balance_cents: account.opening_cents + (movement?.sum ?? 0),
          balance_date: movement?.last ?? null,
        };
      });
    },
    /** One page and the totals of the whole selection. */
    page(accountId: number, filters: TransactionFilters, page: number, pageSize: number) {
      const { sql, params } = where(accountId, filters);
      const totals = (prepared(
        `SELECT COUNT(*) AS n, SUM(amount_cents) AS sum FROM bank_transactions WHERE ${sql}`,
      ).get(...params) as { n: number; sum: number | null } | undefined) ?? { n: 0, sum: 0 };
      const rows = prepared(
        `SELECT id, bank_account_id, booked_on, label, amount_cents FROM bank_transactions WHERE ${sql} ${orderBy(filters)} LIMIT ? OFFSET ?`,
      ).all(...params, pageSize, (page - 1) * pageSize) as TransactionRow[];
      return { rows, totalItems: totals.n, totalCents: totals.sum ?? 0 };
    },
    /** Every selected row, one at a time (the CSV export streams them). */
    iterate(accountId: number, filters: TransactionFilters): IterableIterator<TransactionRow> {
      const { sql, params } = where(accountId, filters);
      return prepared(
        `SELECT id, bank_account_id, booked_on, label, amount_cents FROM bank_transactions WHERE ${sql} ${orderBy(filters)}`,
      ).iterate(...params) as IterableIterator<TransactionRow>;
    },
    months: (accountId: number) => monthsOf.all(accountId),
  };
}

export type MonthRow = {
  account_id: number;
  month: string;
  revenue_cents: number;
  gross_margin_cents: number;
  ebitda_cents: number;
  net_result_cents: number;
  cash_cents: number;
  receivables_days: number;
  payables_days: number;
  headcount: number;
};

export type FinanceStore = ReturnType<typeof createFinanceStore>;
