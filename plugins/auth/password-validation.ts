// The new-password rules, apart from the sign-in form's: the common-password list stays off the login page.
import { PASSWORD_MIN_LENGTH, passwordProblem } from '@portal/plugin-api';
import type { AuthKey } from './translation.ts';

export { passwordStrength } from '@portal/plugin-api';
export const MIN_PASSWORD_LENGTH = PASSWORD_MIN_LENGTH;

/** The gateway's rule (length, not blank, not a common password), as a translation key. */
export function newPasswordError(password: string): AuthKey | null {
  const problem = passwordProblem(password);
  if (problem === null) return null;
  return problem === 'required' ? 'validation.passwordRequired' : `validation.password.${problem}`;
}
