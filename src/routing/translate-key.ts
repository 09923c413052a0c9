import type { TFunction } from 'i18next';

/**
 * Labels in the manifest are i18n keys of the `common` namespace, known only at run time, so they
 * cannot be checked against the typed keys; a missing key shows the key itself (i18next's default).
 */
export function translateKey(t: TFunction, key: string): string {
  return (t as unknown as (key: string) => string)(key);
}
