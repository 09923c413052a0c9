/**
 * The permission codes of a gateway answer, whatever it holds: only non-empty strings are codes. A list
 * that is null, an object or a string grants nothing (deny by default) instead of failing the sign-in.
 */
export function permissionCodes(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((code): code is string => typeof code === 'string' && code !== '')
    : [];
}
