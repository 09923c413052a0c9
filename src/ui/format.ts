// Money, days, months and changes as a person reads them in their language: fr-FR `1 234,56 €`,
// en `€1,234.56`. One place, so every screen writes figures the same way.

export type MoneyOptions = {
  currency?: string;
  /** Show + before a credit (a debit always shows −). */
  signed?: boolean;
  /** Whole units only, for key figures. */
  whole?: boolean;
};

/**
 * An amount in the person's language.
 *
 * @example
 * formatMoney(1234.56, 'fr-FR') // '1 234,56 €'
 */
export function formatMoney(amount: number, language: string, options: MoneyOptions = {}): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: options.currency ?? 'EUR',
    ...(options.signed === true ? { signDisplay: 'exceptZero' as const } : {}),
    ...(options.whole === true ? { maximumFractionDigits: 0, minimumFractionDigits: 0 } : {}),
  }).format(amount);
}

const ymd = (day: string) => {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date));
};

/**
 * `2026-10-31` as `31/10/2026` (fr-FR) or `Oct 31, 2026` (en), whatever the time zone.
 *
 * @example
 * formatDay('2026-10-31', 'en') // 'Oct 31, 2026'
 */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    dateStyle: language.startsWith('fr') ? 'short' : 'medium',
    timeZone: 'UTC',
  }).format(ymd(day));
}

/**
 * `2026-10` as `oct. 2026` (fr-FR) or `Oct 2026` (en).
 *
 * @example
 * formatMonth('2026-10', 'fr-FR') // 'oct. 2026'
 */
export function formatMonth(month: string, language: string): string {
  return new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    ymd(`${month}-01`),
  );
}

/**
 * A change as a signed percentage with one decimal: `+12,3 %` (fr-FR), `+12.3%` (en).
 *
 * @example
 * formatChange(0.123, 'en') // '+12.3%'
 */
export function formatChange(fraction: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'percent',
    maximumFractionDigits: 1,
    minimumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(fraction);
}

/**
 * A count or a number of days in the person's language.
 *
 * @example
 * formatNumber(1234, 'fr-FR') // '1 234'
 */
export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * A file size in the unit that suits it, in the person's language (1 kB = 1024 bytes here, as file
 * managers show it).
 *
 * @example
 * formatFileSize(2_500_000, 'fr-FR') // '2,4 Mo'
 */
export function formatFileSize(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: SIZE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
