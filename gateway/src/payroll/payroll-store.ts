// The payroll variables' rows: the entity's employees, its months, each employee's items of a month and
// the month's history. A status change is one conditional UPDATE (from the statuses it may leave), so of
// two concurrent decisions one wins and the other finds nothing to change.
import type { Selectable } from 'kysely';
import type { PayrollStatus } from '../../../kernel/contract/payroll-rules.ts';
import { inTransaction, type Db } from '../db/connection.ts';
import type { Tables } from '../db/tables.ts';

export type EmployeeRow = Selectable<Tables['payroll_employees']>;
export type MonthRow = Selectable<Tables['payroll_months']>;
export type EntryRow = Selectable<Tables['payroll_entries']>;
export type HistoryRow = Selectable<Tables['payroll_history']>;

export type EntryValues = Omit<EntryRow, 'month_id' | 'employee_id'>;

export type HistoryAction = 'saved' | 'submitted' | 'correctionRequested' | 'locked' | 'exported';

export function createPayrollStore(db: Db) {
  return {
    employees: (accountId: number): Promise<EmployeeRow[]> =>
      db
        .selectFrom('payroll_employees')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('last_name')
        .orderBy('first_name')
        .orderBy('id')
        .execute(),

    employee: (accountId: number, employeeId: number): Promise<EmployeeRow | undefined> =>
      db
        .selectFrom('payroll_employees')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', employeeId)
        .executeTakeFirst(),

    months: (accountId: number): Promise<MonthRow[]> =>
      db
        .selectFrom('payroll_months')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('month', 'desc')
        .execute(),

    month: (accountId: number, month: string): Promise<MonthRow | undefined> =>
      db
        .selectFrom('payroll_months')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('month', '=', month)
        .executeTakeFirst(),

    /** The month's row, made open with this cut-off when nobody wrote in it yet. */
    async ensureMonth(accountId: number, month: string, cutoffOn: string): Promise<MonthRow> {
      await db
        .insertInto('payroll_months')
        .values({ account_id: accountId, month, status: 'open', cutoff_on: cutoffOn })
        .onConflict((oc) => oc.columns(['account_id', 'month']).doNothing())
        .execute();
      return db
        .selectFrom('payroll_months')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('month', '=', month)
        .executeTakeFirstOrThrow();
    },

    entries: (monthId: number): Promise<EntryRow[]> =>
      db.selectFrom('payroll_entries').selectAll().where('month_id', '=', monthId).execute(),

    /** Saves an employee's items while the month is in one of `editable`; false when it is not. */
    async saveEntry(
      monthId: number,
      employeeId: number,
      values: EntryValues,
      editable: readonly PayrollStatus[],
    ): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const month = await trx
          .selectFrom('payroll_months')
          .select('status')
          .where('id', '=', monthId)
          .executeTakeFirst();
        if (month === undefined || !editable.includes(month.status as PayrollStatus)) return false;
        await trx
          .insertInto('payroll_entries')
          .values({ month_id: monthId, employee_id: employeeId, ...values })
          .onConflict((oc) => oc.columns(['month_id', 'employee_id']).doUpdateSet(values))
          .execute();
        return true;
      });
    },

    /** Moves the month from one of `from` to `to`; false when it was in none of them. */
    async changeStatus(
      monthId: number,
      from: readonly PayrollStatus[],
      to: PayrollStatus,
      fields: Partial<Pick<MonthRow, 'submitted_at' | 'locked_at' | 'correction_comment'>>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('payroll_months')
        .set({ status: to, ...fields })
        .where('id', '=', monthId)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    history: (monthId: number): Promise<HistoryRow[]> =>
      db.selectFrom('payroll_history').selectAll().where('month_id', '=', monthId).orderBy('id').execute(),

    async record(monthId: number, action: HistoryAction, actorName: string, detail: string, at: string) {
      await db
        .insertInto('payroll_history')
        .values({ month_id: monthId, action, actor_name: actorName, detail, created_at: at })
        .execute();
    },
  };
}

export type PayrollStore = ReturnType<typeof createPayrollStore>;
