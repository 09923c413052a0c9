// The payroll variables (issue 31, EVP): each month the customer (CLEVP001) enters every employee's
// variable items of pay and submits; the collaborator (COEVPO01) asks for a correction with a comment or
// locks the month, then exports it as CSV for the payroll software. The route's codes are checked by the
// access check before the handler (routes/access.ts); the statuses decide the rest: a write on a month
// that left its writer answers 409, and a locked month is read-only to everyone.
import { Readable } from 'node:stream';
import type { ApiResponse } from '../../../kernel/contract/api.ts';
import {
  entryProblems,
  type PayrollAbsence,
  type PayrollStatus,
} from '../../../kernel/contract/payroll-rules.ts';
import type { DomainEvent } from '../events.ts';
import { conflict, HttpError, notFound } from '../http/http-error.ts';
import type { Handlers } from '../http/route-table.ts';
import { currentUser, type Deps } from '../kernel/deps.ts';
import { fullName } from '../kernel/person-names.ts';
import { cutoffOf } from './payroll-calendar.ts';
import { payrollCsv } from './payroll-csv.ts';
import type { EntryRow, HistoryAction, MonthRow, PayrollStore } from './payroll-store.ts';

type PayrollRoutes =
  | 'payrollMonths'
  | 'payrollMonth'
  | 'savePayrollEntry'
  | 'submitPayrollMonth'
  | 'requestPayrollCorrection'
  | 'lockPayrollMonth'
  | 'payrollMonthCsv';

type MonthAnswer = ApiResponse<'payrollMonth'>;

/** Statuses in which the customer may still change the items. */
const CUSTOMER_EDITABLE: readonly PayrollStatus[] = ['open', 'correction'];

const cents = (euros: number) => Math.round(euros * 100);

function statusConflict(month: string, status: PayrollStatus): HttpError {
  switch (status) {
    case 'locked':
      return conflict(`The payroll month ${month} is locked: it can no longer be changed.`);
    case 'submitted':
      return conflict(`The payroll month ${month} was submitted: it is being reviewed by the firm.`);
    case 'correction':
      return conflict(`The payroll month ${month} was sent back to the customer for a correction.`);
    default:
      return conflict(`The payroll month ${month} has not been submitted yet.`);
  }
}

export function payrollHandlers(
  deps: Deps,
  payroll: PayrollStore,
  today: () => Date = () => new Date(),
): Pick<Handlers, PayrollRoutes> {
  const day = () => today().toISOString().slice(0, 10);
  const currentMonth = () => day().slice(0, 7);

  /** The month's row, or a 404 for a month that is neither stored nor the current one. */
  async function monthOf(accountId: number, month: string): Promise<MonthRow | undefined> {
    const row = await payroll.month(accountId, month);
    if (row === undefined && month !== currentMonth()) throw notFound(`The payroll month ${month}`);
    return row;
  }

  /** The month's row, made open when it is the current month and nobody wrote in it yet. */
  async function writableMonth(accountId: number, month: string): Promise<MonthRow> {
    return (await monthOf(accountId, month)) ?? payroll.ensureMonth(accountId, month, cutoffOf(month));
  }

  const summaryOf = (row: MonthRow) => ({
    month: row.month,
    status: row.status as PayrollStatus,
    cutoffOn: row.cutoff_on,
    submittedAt: row.submitted_at,
    lockedAt: row.locked_at,
    correctionComment: row.correction_comment,
  });

  const openSummary = (month: string) => ({
    month,
    status: 'open' as const,
    cutoffOn: cutoffOf(month),
    submittedAt: null,
    lockedAt: null,
    correctionComment: null,
  });

  const entryOf = (row: EntryRow) => ({
    hours: row.hours_centi / 100,
    overtimeHours: row.overtime_centi / 100,
    bonus: row.bonus_cents / 100,
    expenses: row.expenses_cents / 100,
    absences: JSON.parse(row.absences) as PayrollAbsence[],
    note: row.note,
    updatedAt: row.updated_at,
  });

  async function answer(accountId: number, month: string, row: MonthRow | undefined): Promise<MonthAnswer> {
    const employees = await payroll.employees(accountId);
    const entries = row === undefined ? [] : await payroll.entries(row.id);
    const history = row === undefined ? [] : await payroll.history(row.id);
    return {
      ...(row === undefined ? openSummary(month) : summaryOf(row)),
      today: day(),
      employees: employees.map((employee) => {
        const entry = entries.find((candidate) => candidate.employee_id === employee.id);
        return {
          id: employee.id,
          employeeNumber: employee.employee_number,
          firstName: employee.first_name,
          lastName: employee.last_name,
          position: employee.position,
          entry: entry === undefined ? null : entryOf(entry),
        };
      }),
      history: history.map((step) => ({
        action: step.action as HistoryAction,
        actor: step.actor_name,
        detail: step.detail,
        at: step.created_at,
      })),
    };
  }

  /** Tells the other side: the collaborators of the entity, or its customers who enter the variables. */
  async function notify(
    type: DomainEvent['type'],
    accountId: number,
    actorUserId: number,
    row: MonthRow,
    toCollaborators: boolean,
  ) {
    await deps.events.publish({
      type,
      accountId,
      actorUserId,
      subjectId: row.id,
      data: { title: row.month },
      readers: toCollaborators ? { anyOf: ['COEVPO01'], collaborators: true } : { anyOf: ['CLEVP001'] },
    });
  }

  return {
    payrollMonths: async ({ params }) => {
      const rows = await payroll.months(params.id);
      const current = currentMonth();
      const items = rows.map(summaryOf);
      if (!rows.some((row) => row.month === current)) items.unshift(openSummary(current));
      items.sort((a, b) => b.month.localeCompare(a.month));
      return { today: day(), current, items };
    },

    payrollMonth: async ({ params }) =>
      answer(params.id, params.month, await monthOf(params.id, params.month)),

    savePayrollEntry: async ({ session, params, body }) => {
      const user = await currentUser(deps, session);
      const problems = entryProblems(body, params.month);
      if (problems.length > 0)
        throw new HttpError(422, 'invalid_entry', 'The payroll items are not valid.', {
          details: {
            problems: problems.map((problem) => ({
              pointer: `/${problem.field.replace(/\./g, '/')}`,
              message: problem.rule,
            })),
          },
        });
      const employee = await payroll.employee(params.id, params.employeeId);
      if (employee === undefined) throw notFound('The employee');
      const row = await writableMonth(params.id, params.month);
      const saved = await payroll.saveEntry(
        row.id,
        employee.id,
        {
          hours_centi: cents(body.hours),
          overtime_centi: cents(body.overtimeHours),
          bonus_cents: cents(body.bonus),
          expenses_cents: cents(body.expenses),
          absences: JSON.stringify(
            body.absences
              .map(({ kind, from, to }) => ({ kind, from, to }))
              .sort((a, b) => a.from.localeCompare(b.from)),
          ),
          note: (body.note ?? '').trim(),
          updated_at: new Date().toISOString(),
        },
        CUSTOMER_EDITABLE,
      );
      const now = await payroll.month(params.id, params.month);
      if (!saved || now === undefined)
        throw statusConflict(params.month, (now ?? row).status as PayrollStatus);
      await payroll.record(row.id, 'saved', fullName(user), fullName(employee), new Date().toISOString());
      return answer(params.id, params.month, now);
    },

    submitPayrollMonth: async ({ session, params }) => {
      const user = await currentUser(deps, session);
      const row = await writableMonth(params.id, params.month);
      const at = new Date().toISOString();
      if (!(await payroll.changeStatus(row.id, CUSTOMER_EDITABLE, 'submitted', { submitted_at: at })))
        throw statusConflict(params.month, (await monthOf(params.id, params.month))?.status as PayrollStatus);
      await payroll.record(row.id, 'submitted', fullName(user), '', at);
      await notify('Payroll-MonthSubmitted', params.id, user.id, row, true);
      return answer(params.id, params.month, await monthOf(params.id, params.month));
    },

    requestPayrollCorrection: async ({ session, params, body }) => {
      const user = await currentUser(deps, session);
      const comment = body.comment.trim();
      if (comment === '') throw new HttpError(422, 'invalid_body', 'comment must not be blank.');
      const row = await decided(params.id, params.month, 'correction', { correction_comment: comment });
      await payroll.record(row.id, 'correctionRequested', fullName(user), comment, new Date().toISOString());
      await notify('Payroll-CorrectionRequested', params.id, user.id, row, false);
      return answer(params.id, params.month, await monthOf(params.id, params.month));
    },

    lockPayrollMonth: async ({ session, params }) => {
      const user = await currentUser(deps, session);
      const at = new Date().toISOString();
      const row = await decided(params.id, params.month, 'locked', {
        locked_at: at,
        correction_comment: null,
      });
      await payroll.record(row.id, 'locked', fullName(user), '', at);
      await notify('Payroll-MonthLocked', params.id, user.id, row, false);
      return answer(params.id, params.month, await monthOf(params.id, params.month));
    },

    payrollMonthCsv: async ({ session, params, query, reply }) => {
      const user = await currentUser(deps, session);
      const row = await monthOf(params.id, params.month);
      const status = (row?.status ?? 'open') as PayrollStatus;
      if (row === undefined || status !== 'locked')
        throw conflict(`Lock the payroll month ${params.month} before exporting it.`);
      const employees = await payroll.employees(params.id);
      const entries = await payroll.entries(row.id);
      const lines = employees.flatMap((employee) => {
        const entry = entries.find((candidate) => candidate.employee_id === employee.id);
        if (entry === undefined) return [];
        const items = entryOf(entry);
        return [
          {
            employeeNumber: employee.employee_number,
            firstName: employee.first_name,
            lastName: employee.last_name,
            ...items,
          },
        ];
      });
      await payroll.record(row.id, 'exported', fullName(user), '', new Date().toISOString());
      const entity = await deps.store.entities.ofMember(user.id, params.id);
      const number = (entity?.account_number ?? String(params.id)).replace(/[^A-Za-z0-9-]/g, '');
      reply.header(
        'Content-Disposition',
        `attachment; filename="variables-paie-${number}-${params.month}.csv"`,
      );
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'no-store');
      return Readable.from([payrollCsv(lines, query.lang)]);
    },
  };

  /** The collaborator's decision on a submitted month; 409 from any other status. */
  async function decided(
    accountId: number,
    month: string,
    to: 'correction' | 'locked',
    fields: Parameters<PayrollStore['changeStatus']>[3],
  ): Promise<MonthRow> {
    const row = await monthOf(accountId, month);
    if (row === undefined) throw statusConflict(month, 'open');
    if (!(await payroll.changeStatus(row.id, ['submitted'], to, fields)))
      throw statusConflict(month, ((await payroll.month(accountId, month)) ?? row).status as PayrollStatus);
    return row;
  }
}
