// The firm's payroll calendar: the customer's variables of a month are expected by this day of that
// month (the payslips are made in the days after). One day for every entity today; a firm that wants
// another changes it here.
const PAYROLL_CUTOFF_DAY = 20;

/** The cut-off day of `month` (YYYY-MM), YYYY-MM-DD. */
export const cutoffOf = (month: string) => `${month}-${String(PAYROLL_CUTOFF_DAY).padStart(2, '0')}`;
