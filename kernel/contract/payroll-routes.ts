// The payroll variables' calls (issue 31, EVP: SPEC 6's CLEVP001 for customers, COEVPO01 for
// collaborators): the entity's months and one month with its employees' variable items and its history,
// the customer's entry and submission, the collaborator's correction request, lock and CSV export.
// Spread into `routes`.
import { ABSENCE_KINDS, PAYROLL_BOUNDS, PAYROLL_STATUSES } from './payroll-rules.ts';
import type { RouteDefinition } from './route-definition.ts';
import { idParams } from './schemas.ts';
import { closedObject, entityInParams, int, nullableDateTime, nullableStr, str } from './schema-parts.ts';

const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const monthText = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' } as const;
const status = { type: 'string', enum: PAYROLL_STATUSES } as const;
const hours = (maximum: number) => ({ type: 'number', minimum: 0, maximum }) as const;
const amount = {
  type: 'number',
  minimum: 0,
  maximum: PAYROLL_BOUNDS.amount,
  description: 'Euros, two decimals.',
} as const;

const monthParams = {
  type: 'object',
  required: ['id', 'month'],
  properties: { id: idParams.properties.id, month: monthText },
} as const;

const employeeParams = {
  type: 'object',
  required: ['id', 'month', 'employeeId'],
  properties: { ...monthParams.properties, employeeId: idParams.properties.id },
} as const;

const absenceSchema = closedObject(['kind', 'from', 'to'], {
  kind: { type: 'string', enum: ABSENCE_KINDS },
  from: day,
  to: day,
});

const entryBody = closedObject(['hours', 'overtimeHours', 'bonus', 'expenses', 'absences'], {
  hours: hours(PAYROLL_BOUNDS.hours),
  overtimeHours: hours(PAYROLL_BOUNDS.overtimeHours),
  bonus: amount,
  expenses: amount,
  absences: { type: 'array', maxItems: PAYROLL_BOUNDS.absences, items: absenceSchema },
  note: { type: 'string', maxLength: PAYROLL_BOUNDS.note },
});

const entrySchema = closedObject(
  ['hours', 'overtimeHours', 'bonus', 'expenses', 'absences', 'note', 'updatedAt'],
  { ...entryBody.properties, note: str, updatedAt: { type: 'string', format: 'date-time' } },
);

/** A month as the list shows it: its status, its cut-off day and the last steps of its review. */
const monthSummarySchema = closedObject(
  ['month', 'status', 'cutoffOn', 'submittedAt', 'lockedAt', 'correctionComment'],
  {
    month: monthText,
    status,
    /** The last day the customer is expected to submit (the firm's cut-off). */
    cutoffOn: day,
    submittedAt: nullableDateTime,
    lockedAt: nullableDateTime,
    /** The collaborator's comment while a correction is asked for; null otherwise. */
    correctionComment: nullableStr,
  },
);

const monthsSchema = closedObject(['today', 'current', 'items'], {
  /** The gateway's day (the demo's day when GATEWAY_DEMO_TODAY sets one), for the days left. */
  today: day,
  /** The month of `today`, always listed (open until someone writes in it). */
  current: monthText,
  items: { type: 'array', items: monthSummarySchema },
});

const employeeSchema = closedObject(['id', 'employeeNumber', 'firstName', 'lastName', 'position', 'entry'], {
  id: int,
  employeeNumber: str,
  firstName: str,
  lastName: str,
  position: str,
  /** null: nothing entered for this employee this month. */
  entry: { anyOf: [entrySchema, { type: 'null' }] },
});

const historySchema = closedObject(['action', 'actor', 'detail', 'at'], {
  action: {
    type: 'string',
    enum: ['saved', 'submitted', 'correctionRequested', 'locked', 'exported'],
  },
  actor: str,
  /** The employee whose items were saved, or the correction's comment; empty otherwise. */
  detail: str,
  at: { type: 'string', format: 'date-time' },
});

const monthSchema = closedObject([...monthSummarySchema.required, 'today', 'employees', 'history'], {
  ...monthSummarySchema.properties,
  today: day,
  employees: { type: 'array', items: employeeSchema },
  /** Oldest first. */
  history: { type: 'array', items: historySchema },
});

/** Customers enter and submit; collaborators review. */
const PAYROLL_READERS = ['CLEVP001', 'COEVPO01'] as const;
const CUSTOMER = ['CLEVP001'] as const;
const COLLABORATOR = ['COEVPO01'] as const;

const onMonth = {
  auth: 'bearer',
  tag: 'payroll',
  params: monthParams,
  entityId: entityInParams,
} as const;

export const payrollRoutes = {
  payrollMonths: {
    ...onMonth,
    method: 'GET',
    path: '/account/api/accounts/:id/payroll/months',
    params: idParams,
    status: 200,
    summary:
      "The entity's payroll months, newest first, the current one always among them, with the gateway's day.",
    response: monthsSchema,
    requiresAnyOf: PAYROLL_READERS,
  },
  payrollMonth: {
    ...onMonth,
    method: 'GET',
    path: '/account/api/accounts/:id/payroll/months/:month',
    status: 200,
    summary:
      "One month: its status, cut-off, every employee with what was entered, and its history (who did what when). 404 for a month before the entity's first or after the current one.",
    response: monthSchema,
    requiresAnyOf: PAYROLL_READERS,
  },
  savePayrollEntry: {
    ...onMonth,
    method: 'PUT',
    path: '/account/api/accounts/:id/payroll/months/:month/employees/:employeeId',
    params: employeeParams,
    status: 200,
    summary:
      "Replaces one employee's variable items for the month (hours, overtime, absences inside the month and not overlapping, bonus, expenses; 422 otherwise). 409 once the month is submitted or locked.",
    body: entryBody,
    response: monthSchema,
    requiresAnyOf: CUSTOMER,
    action: 'payroll.enter',
    errors: [409],
    concurrency: 'last write wins per employee; refused once the month left the customer',
  },
  submitPayrollMonth: {
    ...onMonth,
    method: 'POST',
    path: '/account/api/accounts/:id/payroll/months/:month/submit',
    status: 200,
    summary:
      "Sends the month to the firm (open or sent back → submitted) and notifies the entity's collaborators who review it. 409 when already submitted or locked.",
    response: monthSchema,
    requiresAnyOf: CUSTOMER,
    action: 'payroll.enter',
    errors: [409],
    concurrency: 'one of two concurrent submissions wins, the other gets 409',
  },
  requestPayrollCorrection: {
    ...onMonth,
    method: 'POST',
    path: '/account/api/accounts/:id/payroll/months/:month/correction',
    status: 200,
    summary:
      'Sends a submitted month back to the customer with a comment, and notifies them. 409 unless submitted.',
    body: closedObject(['comment'], {
      comment: { type: 'string', minLength: 1, maxLength: PAYROLL_BOUNDS.comment },
    }),
    response: monthSchema,
    requiresAnyOf: COLLABORATOR,
    action: 'payroll.review',
    errors: [409],
    concurrency: 'one of concurrent decisions wins, the others get 409',
  },
  lockPayrollMonth: {
    ...onMonth,
    method: 'POST',
    path: '/account/api/accounts/:id/payroll/months/:month/lock',
    status: 200,
    summary:
      'Locks a submitted month: read-only from then on (every write answers 409), and notifies the customers. 409 unless submitted.',
    response: monthSchema,
    requiresAnyOf: COLLABORATOR,
    action: 'payroll.review',
    errors: [409],
    concurrency: 'one of concurrent decisions wins, the others get 409',
  },
  payrollMonthCsv: {
    ...onMonth,
    method: 'GET',
    path: '/account/api/accounts/:id/payroll/months/:month/export.csv',
    status: 200,
    summary:
      'A locked month as CSV for the payroll software, one line per item: UTF-8 with a BOM; fr-FR uses semicolons and decimal commas, en commas and points. Recorded in the history. 409 unless locked.',
    query: {
      type: 'object',
      additionalProperties: false,
      properties: { lang: { type: 'string', enum: ['fr-FR', 'en'], default: 'fr-FR' } },
    },
    response: { type: 'string', description: 'text/csv' },
    produces: 'text/csv; charset=utf-8',
    requiresAnyOf: COLLABORATOR,
    action: 'payroll.review',
    errors: [409],
  },
} as const satisfies Record<string, RouteDefinition>;
