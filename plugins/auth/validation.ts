// Field rules of the sign-in forms; the answers are translation keys of the `auth` namespace.
import type { AuthKey } from './translation.ts';

// Deliberately loose: one @, something on each side, a dot in the domain. The server decides the rest.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(email: string): AuthKey | null {
  const value = email.trim();
  if (value === '') return 'validation.emailRequired';
  return EMAIL_SHAPE.test(value) ? null : 'validation.emailInvalid';
}

export function passwordError(password: string): AuthKey | null {
  return password === '' ? 'validation.passwordRequired' : null;
}

export function confirmError(password: string, confirm: string): AuthKey | null {
  if (confirm === '') return 'validation.confirmRequired';
  return confirm === password ? null : 'validation.confirmMismatch';
}

/** A message of the `auth` namespace with the number it counts (a wait in minutes or seconds). */
export type FailureMessage = { key: AuthKey; count?: number };

/** 429: "too many attempts, try again in N minutes" (or seconds under a minute), from the gateway's wait. */
export function throttledMessage(retryAfterS: number): FailureMessage {
  return retryAfterS >= 60
    ? { key: 'errors.throttledMinutes', count: Math.ceil(retryAfterS / 60) }
    : { key: 'errors.throttledSeconds', count: Math.max(1, Math.ceil(retryAfterS)) };
}

/** The wait of a 429 error of a gateway call (its body's retryAfterS), or null for any other error. */
export function throttledWait(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error) || error.status !== 429)
    return null;
  const data = 'data' in error ? error.data : undefined;
  const value =
    typeof data === 'object' && data !== null && 'retryAfterS' in data ? data.retryAfterS : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : 60;
}
