// The payroll variables' demo rows: Boulangerie Martin SARL (1001) employs the staff, because Claire,
// its signatory and administrator, is the one customer who enters its variables (CLEVP001) and Paul its
// collaborator; the months before the demo's day are locked with their history, the current one is open
// and empty, for Claire to enter. Made again whenever the shared seed ran (a reset), wiped in every mode.
import { inTransaction, type Db } from '../db/connection.ts';
import { cutoffOf } from './payroll-calendar.ts';

const PAYROLL_DEMO_ENTITY = 1001;

const EMPLOYEES = [
  { number: 'M001', first: 'Julien', last: 'Bernard', position: 'Boulanger' },
  { number: 'M002', first: 'Sophie', last: 'Moreau', position: 'Vendeuse' },
  { number: 'M003', first: 'Karim', last: 'Haddad', position: 'Pâtissier' },
  { number: 'M004', first: 'Léa', last: 'Roux', position: 'Apprentie boulangère' },
] as const;

const monthBefore = (month: string, count: number) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, number - 1 - count, 1));
  return date.toISOString().slice(0, 7);
};

export async function seedPayroll(db: Db, now: Date, demo: boolean): Promise<void> {
  const metaValue = async (key: string) =>
    (await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst())?.value;
  const seededAt = await metaValue('seededAt');
  if (seededAt === undefined || (await metaValue('payrollSeededFor')) === seededAt) return;
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('payroll_history').execute();
    await trx.deleteFrom('payroll_entries').execute();
    await trx.deleteFrom('payroll_months').execute();
    await trx.deleteFrom('payroll_employees').execute();
    await trx
      .insertInto('meta')
      .values({ key: 'payrollSeededFor', value: seededAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: seededAt }))
      .execute();
    if (!demo) return;
    const ids: number[] = [];
    for (const employee of EMPLOYEES) {
      const row = await trx
        .insertInto('payroll_employees')
        .values({
          account_id: PAYROLL_DEMO_ENTITY,
          employee_number: employee.number,
          first_name: employee.first,
          last_name: employee.last,
          position: employee.position,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const current = now.toISOString().slice(0, 7);
    for (const back of [2, 1]) {
      const month = monthBefore(current, back);
      const cutoff = cutoffOf(month);
      const submitted = `${month}-18T09:30:00.000Z`;
      const locked = `${month}-21T14:00:00.000Z`;
      const row = await trx
        .insertInto('payroll_months')
        .values({
          account_id: PAYROLL_DEMO_ENTITY,
          month,
          status: 'locked',
          cutoff_on: cutoff,
          submitted_at: submitted,
          locked_at: locked,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [index, employeeId] of ids.entries())
        await trx
          .insertInto('payroll_entries')
          .values({
            month_id: row.id,
            employee_id: employeeId,
            hours_centi: index === 3 ? 12133 : 15167,
            overtime_centi: index === 0 ? 800 + back * 100 : 0,
            bonus_cents: index === 1 ? 15000 : 0,
            expenses_cents: index === 2 ? 4250 : 0,
            absences:
              index === 1 && back === 1
                ? JSON.stringify([{ kind: 'paid-leave', from: `${month}-06`, to: `${month}-08` }])
                : '[]',
            note: '',
            updated_at: `${month}-17T16:00:00.000Z`,
          })
          .execute();
      await trx
        .insertInto('payroll_history')
        .values([
          {
            month_id: row.id,
            action: 'submitted',
            actor_name: 'Claire Solo',
            detail: '',
            created_at: submitted,
          },
          { month_id: row.id, action: 'locked', actor_name: 'Paul Collab', detail: '', created_at: locked },
        ])
        .execute();
    }
  });
}
