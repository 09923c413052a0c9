// The bank and key-figure calls of the contract (issue 14): schemas and routes, spread into `routes`.
import type { RouteDefinition } from './route-definition.ts';
import { idParams } from './schemas.ts';
import { closedObject, entityInParams, int, page, pageSize } from './schema-parts.ts';

const money = { type: 'number', description: 'Euros, two decimals; negative for a debit.' } as const;
const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

const bankAccountSchema = closedObject(
  ['id', 'bankName', 'ibanMasked', 'balance', 'balanceDate', 'currency'],
  {
    id: int,
    bankName: { type: 'string' },
    /** Only the country code and the last four characters: the full IBAN never leaves the gateway. */
    ibanMasked: { type: 'string' },
    balance: money,
    balanceDate: day,
    currency: { type: 'string' },
  },
);

/**
 * The treasury as every screen shows it (the bank page's total, the indicators' cash): the bank accounts'
 * summed balance, the day it stands at, and whether that day is older than the gateway's threshold.
 */
const treasurySchema = closedObject(['amount', 'asOf', 'stale'], {
  amount: money,
  asOf: day,
  stale: { type: 'boolean' },
});

const bankSchema = closedObject(['accountId', 'accounts', 'total', 'treasury', 'currency'], {
  accountId: int,
  accounts: { type: 'array', items: bankAccountSchema },
  /** The same amount as `treasury.amount`. */
  total: money,
  treasury: treasurySchema,
  currency: { type: 'string' },
});

const transactionSchema = closedObject(['id', 'bankAccountId', 'date', 'label', 'amount'], {
  id: int,
  bankAccountId: int,
  date: day,
  label: { type: 'string' },
  amount: money,
});

const transactionFilters = {
  bankAccountId: { type: 'integer', minimum: 1, maximum: 2147483647 },
  from: day,
  to: day,
  q: { type: 'string', maxLength: 100 },
  min: { type: 'number', minimum: -1e9, maximum: 1e9 },
  max: { type: 'number', minimum: -1e9, maximum: 1e9 },
  sort: { type: 'string', enum: ['date', 'label', 'amount'], default: 'date' },
  order: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
} as const;

const transactionPageSchema = closedObject(
  ['items', 'currentPage', 'totalPage', 'totalItems', 'totalAmount'],
  {
    items: { type: 'array', items: transactionSchema },
    currentPage: int,
    totalPage: int,
    totalItems: int,
    /** The sum of every transaction the filters select, not only this page's. */
    totalAmount: money,
  },
);

const figures = closedObject(
  ['revenue', 'grossMargin', 'ebitda', 'netResult', 'cash', 'receivablesDays', 'payablesDays', 'headcount'],
  {
    revenue: money,
    grossMargin: money,
    ebitda: money,
    netResult: money,
    cash: money,
    receivablesDays: int,
    payablesDays: int,
    headcount: int,
  },
);

const keyFiguresSchema = closedObject(
  ['year', 'availableYears', 'treasury', 'current', 'previous', 'months'],
  {
    year: int,
    availableYears: { type: 'array', items: int },
    /**
     * The year's cash (`current.cash`) and its day: the bank's balance at its last synchronisation for the
     * year that holds it, else the year's last month-end balance.
     */
    treasury: treasurySchema,
    /** The fiscal year so far (to the last closed month when it is the current one). */
    current: figures,
    /** The previous fiscal year over the same months; null when there is none. */
    previous: { anyOf: [figures, { type: 'null' }] },
    months: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: [
          'month',
          'revenue',
          'grossMargin',
          'cash',
          'previousRevenue',
          'previousGrossMargin',
          'previousCash',
        ],
        properties: {
          month: { type: 'string', pattern: '^\\d{4}-\\d{2}$' },
          revenue: money,
          grossMargin: money,
          cash: money,
          previousRevenue: { type: ['number', 'null'] },
          previousGrossMargin: { type: ['number', 'null'] },
          previousCash: { type: ['number', 'null'] },
        },
      },
    },
  },
);

/** What every call here shares: a read of one entity, the `:id` of its path. */
const entityRead = {
  method: 'GET',
  auth: 'bearer',
  status: 200,
  params: idParams,
  entityId: entityInParams,
} as const;
const bankRead = { ...entityRead, tag: 'bank', requiresAnyOf: ['CLBANK001', 'COBANK001'] } as const;

export const financeRoutes = {
  bank: {
    ...bankRead,
    path: '/account/api/accounts/:id/bank',
    summary: 'Bank accounts of the entity (masked IBAN, balance and its date) and their total.',
    response: bankSchema,
  },
  bankTransactions: {
    ...bankRead,
    path: '/account/api/accounts/:id/bank/transactions',
    summary:
      'Transactions of one or every account of the entity, filtered by dates, label and amount, sorted and paged; totalAmount sums the whole selection. A page past the end answers 400.',
    query: {
      type: 'object',
      additionalProperties: false,
      properties: {
        ...transactionFilters,
        page,
        pageSize: { ...pageSize, default: 25 },
      },
    },
    response: transactionPageSchema,
  },
  bankTransactionsCsv: {
    ...bankRead,
    path: '/account/api/accounts/:id/bank/transactions.csv',
    summary:
      'The filtered transactions as CSV, streamed: UTF-8 with a BOM; fr-FR uses semicolons and decimal commas, en commas and points.',
    query: {
      type: 'object',
      additionalProperties: false,
      properties: {
        ...transactionFilters,
        lang: { type: 'string', enum: ['fr-FR', 'en'], default: 'fr-FR' },
      },
    },
    response: { type: 'string', description: 'text/csv' },
    produces: 'text/csv; charset=utf-8',
    action: 'bank.export',
  },
  keyFigures: {
    ...entityRead,
    path: '/registry/api/accounts/:id/key-figures',
    tag: 'indicators',
    summary:
      'Key figures of a fiscal year (default: the latest) against the previous one, and its months with the same months of the previous year.',
    query: {
      type: 'object',
      additionalProperties: false,
      properties: { year: { type: 'integer', minimum: 2000, maximum: 2100 } },
    },
    response: keyFiguresSchema,
    requiresAnyOf: ['CLKPI0001', 'COKPI0001'],
  },
} as const satisfies Record<string, RouteDefinition>;
