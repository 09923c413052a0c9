// The treasury as every screen shows it: the bank accounts' summed balance, the day it stands at, and
// whether that day is too old to trust. The bank page and the indicators take it from here, so the two
// never disagree.

/** The bank syncs daily: a balance more than two days old says it is stale. */
export const STALE_AFTER_DAYS = 2;

const DAY_MS = 86_400_000;

export type Treasury = { amount: number; asOf: string; stale: boolean };

/** `true` when `asOf` (YYYY-MM-DD) lies more than STALE_AFTER_DAYS whole days before `today`. */
export function isStale(asOf: string, today: Date): boolean {
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return (todayUtc - Date.parse(`${asOf}T00:00:00Z`)) / DAY_MS > STALE_AFTER_DAYS;
}

/** The last day of a `YYYY-MM` month, as YYYY-MM-DD. */
export function monthEnd(month: string): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
}
