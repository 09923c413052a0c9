/**
 * A fiscal year end stored as `MM-DD` (`12-31`) in words in the person's language: `31 décembre`
 * (fr-FR), `December 31` (en). A value that is not a valid month-day stays as typed, so nothing is lost.
 */
export function formatFiscalYearEnd(value: string, language: string): string {
  const match = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.exec(value);
  if (match === null) return value;
  const month = Number(match[1]);
  const day = Number(match[2]);
  // A leap year, so 02-29 reads as a day and not as 1 March.
  const date = new Date(Date.UTC(2024, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return value;
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(date);
}
