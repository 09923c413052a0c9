import { describe, expect, it } from 'vitest';
import { call, statusOf, json, openTestDb } from './helpers.ts';
import { gatewaySuite } from './gateway-suite.ts';

type Treasury = { amount: number; asOf: string; stale: boolean };
type Bank = {
  accounts: { id: number; bankName: string; ibanMasked: string; balance: number; balanceDate: string }[];
  total: number;
  treasury: Treasury;
};
type TransactionPage = {
  items: { id: number; bankAccountId: number; date: string; label: string; amount: number }[];
  currentPage: number;
  totalPage: number;
  totalItems: number;
  totalAmount: number;
};
type KeyFigures = {
  year: number;
  availableYears: number[];
  treasury: Treasury;
  current: Record<string, number>;
  previous: Record<string, number> | null;
  months: { month: string; revenue: number; cash: number; previousRevenue: number | null }[];
};

const kit = gatewaySuite(['claire', 'marc', 'paul']);

const transactions = (token: string, query: string, id = 1001) =>
  call(kit.gateway, 'GET', `/account/api/accounts/${String(id)}/bank/transactions?${query}`, { token });

describe('bank accounts', () => {
  it('lists the entity’s accounts with a masked IBAN, the balance and its date, and their total', async () => {
    const answer = await call(kit.gateway, 'GET', '/account/api/accounts/1001/bank', { token: kit.claire });
    expect(answer.status).toBe(200);
    const bank = json<Bank>(answer);
    expect(bank.accounts).toHaveLength(2);
    for (const account of bank.accounts) {
      expect(account.ibanMasked).toMatch(/^FR•• •••• •••• \d{4}$/);
      expect(account.balanceDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(JSON.stringify(bank)).not.toMatch(/FR76\d{10}/);
    const sum = bank.accounts.reduce((total, account) => total + account.balance, 0);
    expect(bank.total).toBeCloseTo(sum, 2);
  });

  it('refuses a person without CLBANK001 on that entity, and another tenant', async () => {
    // Marc holds CLBANK001 on 1002 only.
    expect(await statusOf(kit.gateway, 'GET', '/account/api/accounts/1001/bank', { token: kit.marc })).toBe(
      403,
    );
    expect(await statusOf(kit.gateway, 'GET', '/account/api/accounts/1002/bank', { token: kit.marc })).toBe(
      200,
    );
    expect(await statusOf(kit.gateway, 'GET', '/account/api/accounts/1004/bank', { token: kit.claire })).toBe(
      403,
    );
    expect((await transactions(kit.marc, '')).status).toBe(403);
    expect(
      await statusOf(kit.gateway, 'GET', '/account/api/accounts/1001/bank/transactions.csv', {
        token: kit.marc,
      }),
    ).toBe(403);
  });
});

describe('transactions', () => {
  it('has two years of transactions, several thousand, newest first by default', async () => {
    const page = json<TransactionPage>(await transactions(kit.claire, 'pageSize=5'));
    expect(page.totalItems).toBeGreaterThan(2000);
    const dates = page.items.map((item) => item.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('filters by dates, account, label and absolute amount, and sums the whole selection', async () => {
    const bank = json<Bank>(
      await call(kit.gateway, 'GET', '/account/api/accounts/1001/bank', { token: kit.claire }),
    );
    const current = bank.accounts[0]?.id ?? 0;
    const all = json<TransactionPage>(
      await transactions(
        kit.claire,
        `from=2026-01-01&to=2026-03-31&bankAccountId=${String(current)}&q=urssaf&min=3000&max=4000&pageSize=100`,
        1001,
      ),
    );
    expect(all.totalItems).toBe(3);
    for (const item of all.items) {
      expect(item.date >= '2026-01-01' && item.date <= '2026-03-31').toBe(true);
      expect(item.label).toBe('Prélèvement URSSAF');
      expect(Math.abs(item.amount)).toBeGreaterThanOrEqual(3000);
      expect(item.bankAccountId).toBe(current);
    }
    expect(all.totalAmount).toBeCloseTo(
      all.items.reduce((total, item) => total + item.amount, 0),
      2,
    );
  });

  it('sorts by amount and label, both ways', async () => {
    const ascending = json<TransactionPage>(
      await transactions(kit.claire, 'sort=amount&order=asc&pageSize=10'),
    );
    const amounts = ascending.items.map((item) => item.amount);
    expect([...amounts].sort((a, b) => a - b)).toEqual(amounts);
    const byLabel = json<TransactionPage>(
      await transactions(kit.claire, 'sort=label&order=desc&pageSize=10'),
    );
    expect(byLabel.items[0]?.label.localeCompare(byLabel.items.at(-1)?.label ?? '')).toBeGreaterThanOrEqual(
      0,
    );
  });

  it('a label search treats % and _ as text, and a page past the end is a 400', async () => {
    expect(json<TransactionPage>(await transactions(kit.claire, 'q=%25')).totalItems).toBe(0);
    expect((await transactions(kit.claire, 'page=99999&pageSize=100')).status).toBe(400);
    expect((await transactions(kit.claire, 'page=1e20')).status).toBe(400);
    expect((await transactions(kit.claire, 'from=2026-13-45x')).status).toBe(400);
  });

  it('exports the same selection as CSV: BOM, semicolons and decimal commas in French, same rows and sum', async () => {
    const query = 'from=2026-07-01&to=2026-09-30';
    const page = json<TransactionPage>(await transactions(kit.claire, `${query}&pageSize=100`));
    const response = await fetch(
      `${kit.gateway.url}/account/api/accounts/1001/bank/transactions.csv?${query}`,
      {
        headers: { authorization: `Bearer ${kit.claire}` },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(
      /attachment; filename="operations-C-1001-2026-07-01_2026-09-30\.csv"/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date;Compte;Libellé;Montant');
    expect(lines).toHaveLength(page.totalItems + 1);
    const sum = lines
      .slice(1)
      .reduce((total, line) => total + Number(line.split(';').at(-1)?.replace(',', '.')), 0);
    expect(sum).toBeCloseTo(page.totalAmount, 2);

    const english = await (
      await fetch(`${kit.gateway.url}/account/api/accounts/1001/bank/transactions.csv?${query}&lang=en`, {
        headers: { authorization: `Bearer ${kit.claire}` },
      })
    ).text();
    expect(english.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Date,Account,Label,Amount');
  });
});

describe('key figures', () => {
  it('gives the latest fiscal year against the same months of the previous one', async () => {
    const answer = await call(kit.gateway, 'GET', '/registry/api/accounts/1001/key-figures', {
      token: kit.claire,
    });
    expect(answer.status).toBe(200);
    const figures = json<KeyFigures>(answer);
    expect(figures.year).toBe(figures.availableYears.at(-1));
    expect(figures.previous).not.toBeNull();
    const revenue = figures.months.reduce((total, month) => total + month.revenue, 0);
    expect(figures.current['revenue']).toBeCloseTo(revenue, 0);
    expect(figures.months.every((month) => month.previousRevenue !== null)).toBe(true);
  });

  it('answers an earlier year, 404 for a year without figures, 403 without the code', async () => {
    const first = json<KeyFigures>(
      await call(kit.gateway, 'GET', '/registry/api/accounts/1001/key-figures', { token: kit.claire }),
    );
    const earliest = first.availableYears[0] ?? 0;
    const older = json<KeyFigures>(
      await call(kit.gateway, 'GET', `/registry/api/accounts/1001/key-figures?year=${String(earliest)}`, {
        token: kit.claire,
      }),
    );
    expect(older.previous).toBeNull();
    expect(older.months).toHaveLength(12);
    expect(
      await statusOf(kit.gateway, 'GET', '/registry/api/accounts/1001/key-figures?year=2001', {
        token: kit.claire,
      }),
    ).toBe(404);
    // Marc holds CLKPI0001 on 1001, not on 1002; Paul (collaborator) holds COKPI0001.
    expect(
      await statusOf(kit.gateway, 'GET', '/registry/api/accounts/1002/key-figures', { token: kit.marc }),
    ).toBe(403);
    expect(
      await statusOf(kit.gateway, 'GET', '/registry/api/accounts/1002/key-figures', { token: kit.paul }),
    ).toBe(200);
  });
});

describe('one treasury on the bank page and the indicators', () => {
  const bankOf = async (id: number, token: string) =>
    json<Bank>(await call(kit.gateway, 'GET', `/account/api/accounts/${String(id)}/bank`, { token }));
  const figuresOf = async (id: number, token: string, year?: number) =>
    json<KeyFigures>(
      await call(
        kit.gateway,
        'GET',
        `/registry/api/accounts/${String(id)}/key-figures${year === undefined ? '' : `?year=${String(year)}`}`,
        { token },
      ),
    );
  const today = () => new Date().toISOString().slice(0, 10);

  // In January the latest fiscal year with a closed month is the last one, dated December 31st (below).
  const january = new Date().getUTCMonth() === 0;

  it.skipIf(january)(
    'the indicators’ cash of this year is the bank’s total, of the same day, for each entity',
    async () => {
      for (const id of [1001, 1002]) {
        const bank = await bankOf(id, kit.paul);
        const figures = await figuresOf(id, kit.paul);
        expect(bank.treasury).toEqual({ amount: bank.total, asOf: today(), stale: false });
        expect(figures.treasury).toEqual(bank.treasury);
        expect(figures.current['cash']).toBe(bank.total);
        // Every account's balance stands at the same day as the total.
        expect(bank.accounts.map((account) => account.balanceDate)).toEqual(
          bank.accounts.map(() => bank.treasury.asOf),
        );
      }
    },
  );

  it('a closed year’s cash is the accounts’ balance on its last day, made by the bank’s movements', async () => {
    const bank = await bankOf(1001, kit.claire);
    const latest = (await figuresOf(1001, kit.claire)).year;
    const closed = await figuresOf(1001, kit.claire, latest - 1);
    expect(closed.treasury).toEqual({
      amount: closed.current['cash'],
      asOf: `${String(latest - 1)}-12-31`,
      stale: false,
    });
    expect(closed.months.at(-1)?.cash).toBe(closed.treasury.amount);
    // The balance on December 31st: today's total less every movement since.
    const since = json<TransactionPage>(await transactions(kit.claire, `from=${String(latest)}-01-01`));
    expect(closed.treasury.amount).toBeCloseTo(bank.total - since.totalAmount, 2);
  });

  it('says the treasury is stale when the bank was last synchronised more than two days ago', async () => {
    const db = await openTestDb(kit.gateway);
    const old = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const day = () => db.selectFrom('meta').select('value').where('key', '=', 'financeSeededFor');
    const before = (await day().executeTakeFirstOrThrow()).value;
    try {
      await db.updateTable('meta').set({ value: old }).where('key', '=', 'financeSeededFor').execute();
      const bank = await bankOf(1001, kit.claire);
      expect(bank.treasury).toEqual({ amount: bank.total, asOf: old, stale: true });
      expect((await figuresOf(1001, kit.claire)).treasury).toEqual(bank.treasury);
    } finally {
      await db.updateTable('meta').set({ value: before }).where('key', '=', 'financeSeededFor').execute();
      await db.destroy();
    }
  });
});
