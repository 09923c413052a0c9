// Field rules of the sign-in forms; the answers are translation keys of the `auth` namespace.
import type { AuthKey } from './translation.ts';

// Deliberately loose: one @, something on each side, a dot in the domain. The server decides the rest.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The gateway refuses shorter passwords (createNewPassword answers 422). */
export const MIN_PASSWORD_LENGTH = 8;

export function emailError(email: string): AuthKey | null {
  const value = email.trim();
  if (value === '') return 'validation.emailRequired';
  return EMAIL_SHAPE.test(value) ? null : 'validation.emailInvalid';
}

export function passwordError(password: string): AuthKey | null {
  return password === '' ? 'validation.passwordRequired' : null;
}

export function newPasswordError(password: string): AuthKey | null {
  if (password === '') return 'validation.passwordRequired';
  return password.length < MIN_PASSWORD_LENGTH ? 'validation.passwordTooShort' : null;
}

export function confirmError(password: string, confirm: string): AuthKey | null {
  if (confirm === '') return 'validation.confirmRequired';
  return confirm === password ? null : 'validation.confirmMismatch';
}

/**
 * SPEC 5 strength levels, as an index into the manifest's `passwordStrengthLevels` (empty, weak, poor,
 * medium, strong): 0 for an empty password, then one step per quality met, capped at the last level.
 */
export function passwordStrength(password: string, levelCount: number): number {
  if (password === '' || levelCount <= 1) return 0;
  const qualities = [
    password.length >= MIN_PASSWORD_LENGTH,
    /[a-z]/.test(password) && /[A-Z]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9]/.test(password),
    password.length >= 12,
  ].filter(Boolean).length;
  // Any non-empty password is at least the first non-empty level; a short one never goes past it.
  const level = password.length < MIN_PASSWORD_LENGTH ? 1 : Math.max(1, qualities - 1);
  return Math.min(levelCount - 1, level);
}
