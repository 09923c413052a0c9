// Demo bank accounts, transactions and monthly figures for the seeded entities: realistic for a small
// French business, and deterministic (the same entity and day always give the same rows), so tests and
// screenshots are stable while the data still follows the calendar. The bank is the one source of the
// treasury: the monthly cash figures are the accounts' month-end balances, never numbers of their own.

export type SeedBankAccount = {
  id: number;
  accountId: number;
  bankName: string;
  iban: string;
  opening: number;
};
export type SeedTransaction = {
  bankAccountId: number;
  accountId: number;
  date: string;
  label: string;
  amountCents: number;
};
export type SeedMonth = {
  accountId: number;
  month: string;
  revenueCents: number;
  grossMarginCents: number;
  ebitdaCents: number;
  netResultCents: number;
  cashCents: number;
  receivablesDays: number;
  payablesDays: number;
  headcount: number;
};

/** A small, fast, seeded generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const CUSTOMERS = [
  'Dupont SA',
  'Martin & Fils',
  'Boulangerie du Parc',
  'Hôtel des Arts',
  'Mairie de Lyon',
  'Garnier SAS',
];
const SUPPLIERS = [
  'Moulins Bernard',
  'Metro Cash & Carry',
  'Leroy Merlin Pro',
  'Würth France',
  'Transgourmet',
];
const CARD = ['CB TOTALENERGIES', 'CB AMAZON BUSINESS', 'CB SNCF', 'CB LA POSTE', 'CB BUREAU VALLÉE'];

/** Two accounts per entity: the current account and a savings account. */
export function seedBankAccounts(accountId: number): SeedBankAccount[] {
  const suffix = String(accountId).padStart(4, '0');
  return [
    {
      id: accountId * 10 + 1,
      accountId,
      bankName: 'Banque Populaire',
      iban: `FR7630004000${suffix}00001234567`,
      opening: 18_000_00,
    },
    {
      id: accountId * 10 + 2,
      accountId,
      bankName: 'Crédit Mutuel',
      iban: `FR7610278000${suffix}00007654321`,
      opening: 25_000_00,
    },
  ];
}

/** The first day of the demo's books: January 1st two years back, where the bank and the months start. */
function booksStart(today: Date): Date {
  return new Date(Date.UTC(today.getUTCFullYear() - 2, 0, 1));
}

/**
 * Transactions from `booksStart` up to `today` (included): several a working day on the current account
 * (customer transfers, supplier payments, card spending, fixed monthly charges), a few a month on savings.
 * The accounts' `opening` is their balance on the morning of `booksStart`.
 */
export function seedTransactions(accountId: number, today: Date): SeedTransaction[] {
  const [current, savings] = seedBankAccounts(accountId) as [SeedBankAccount, SeedBankAccount];
  const rows: SeedTransaction[] = [];
  const start = booksStart(today);
  for (let day = new Date(start); day <= today; day = new Date(day.getTime() + 86_400_000)) {
    const date = isoDay(day);
    const next = random(accountId * 100_003 + Math.floor(day.getTime() / 86_400_000));
    const weekday = day.getUTCDay();
    const dom = day.getUTCDate();
    const add = (bankAccountId: number, label: string, euros: number) =>
      rows.push({ bankAccountId, accountId, date, label, amountCents: Math.round(euros * 100) });
    if (weekday !== 0 && weekday !== 6) {
      const receipts = 1 + Math.floor(next() * 3);
      for (let i = 0; i < receipts; i += 1)
        add(
          current.id,
          `Virement reçu ${CUSTOMERS[Math.floor(next() * CUSTOMERS.length)] ?? ''}`,
          120 + next() * 1200,
        );
      if (next() < 0.7)
        add(
          current.id,
          `Paiement fournisseur ${SUPPLIERS[Math.floor(next() * SUPPLIERS.length)] ?? ''}`,
          -(80 + next() * 1400),
        );
      if (next() < 0.8) add(current.id, CARD[Math.floor(next() * CARD.length)] ?? 'CB', -(8 + next() * 140));
      if (next() < 0.3) add(current.id, 'Remise de chèques', 200 + next() * 900);
    }
    if (dom === 1) add(current.id, 'Loyer local commercial', -2150);
    if (dom === 5) add(current.id, 'Prélèvement URSSAF', -(3100 + next() * 400));
    if (dom === 8) add(current.id, 'Prélèvement EDF Pro', -(180 + next() * 120));
    if (dom === 10) add(current.id, 'Orange Business abonnement', -89.9);
    if (dom === 15) add(current.id, 'DGFIP TVA', -(1800 + next() * 1500));
    if (dom === 28) add(current.id, 'Virement salaires', -(10_500 + next() * 1000));
    if (dom === 28) add(current.id, 'Frais bancaires', -34.5);
    if (dom === 2) add(savings.id, 'Virement vers épargne', 500);
    if (dom === 20 && day.getUTCMonth() % 3 === 0) add(savings.id, 'Intérêts créditeurs', 40 + next() * 20);
  }
  return rows;
}

/**
 * The accounts' summed balance at the end of each month (`YYYY-MM` → cents): the openings plus every
 * transaction booked up to that month's last day.
 */
export function monthEndBalances(
  accounts: readonly SeedBankAccount[],
  transactions: readonly SeedTransaction[],
): Map<string, number> {
  const moved = new Map<string, number>();
  for (const row of transactions) {
    const month = row.date.slice(0, 7);
    moved.set(month, (moved.get(month) ?? 0) + row.amountCents);
  }
  const balances = new Map<string, number>();
  let balance = accounts.reduce((total, account) => total + account.opening, 0);
  for (const month of [...moved.keys()].sort()) {
    balance += moved.get(month) ?? 0;
    balances.set(month, balance);
  }
  return balances;
}

/**
 * Monthly figures from January two years back to the last closed month. The cash is the bank accounts'
 * month-end balance (`monthEndBalances`): the indicators and the bank page read one source.
 */
export function seedMonths(
  accountId: number,
  today: Date,
  cashAtMonthEnd: ReadonlyMap<string, number>,
): SeedMonth[] {
  const next = random(accountId * 7919);
  const months: SeedMonth[] = [];
  const size = 0.6 + (accountId % 7) / 10;
  // A month without a movement keeps the balance of the one before.
  let cash = 0;
  for (let year = today.getUTCFullYear() - 2; year <= today.getUTCFullYear(); year += 1) {
    for (let m = 0; m < 12; m += 1) {
      if (year === today.getUTCFullYear() && m >= today.getUTCMonth()) break;
      const seasonal = 1 + 0.18 * Math.sin(((m + 2) / 12) * 2 * Math.PI);
      const growth = 1 + 0.06 * (year - (today.getUTCFullYear() - 2));
      const revenue = 38_000 * size * seasonal * growth * (0.92 + next() * 0.16);
      const grossMargin = revenue * (0.52 + next() * 0.06);
      const ebitda = grossMargin - 14_500 * size * (0.95 + next() * 0.1);
      const netResult = ebitda * 0.72 - 900 * size;
      // Drawn and dropped: the draws of the other figures stay what they were before the cash came
      // from the bank.
      next();
      const month = `${String(year)}-${String(m + 1).padStart(2, '0')}`;
      cash = cashAtMonthEnd.get(month) ?? cash;
      months.push({
        accountId,
        month,
        revenueCents: Math.round(revenue * 100),
        grossMarginCents: Math.round(grossMargin * 100),
        ebitdaCents: Math.round(ebitda * 100),
        netResultCents: Math.round(netResult * 100),
        cashCents: cash,
        receivablesDays: Math.round(32 + next() * 20),
        payablesDays: Math.round(38 + next() * 16),
        headcount: Math.round(3 + size * 4 + (year - today.getUTCFullYear() + 2)),
      });
    }
  }
  return months;
}

/** `FR76 •••• 4567`: the country and check digits hidden behind the country code, the last four kept. */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  return `${compact.slice(0, 2)}•• •••• •••• ${compact.slice(-4)}`;
}
