// The password rule, one copy for the gateway (createNewPassword answers 422 weak_password) and the portal
// (the new-password form says what is wrong before sending, and shows the same strength levels).
// NIST SP 800-63B: a minimum length, no composition rules, no blank password, and a check against
// passwords known to be common.

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

export type PasswordProblem = 'required' | 'tooShort' | 'tooLong' | 'blank' | 'common';

// The most used passwords of the public breach lists (and the French ones) that reach 12 characters,
// compared without case, spaces or trailing digits and punctuation.
const COMMON = new Set([
  'password',
  'motdepasse',
  'azertyuiop',
  'qwertyuiop',
  'azertyuiopqsdfghjklm',
  'qwertyuiopasdfghjkl',
  'abcdefghijkl',
  'iloveyou',
  'jetaime',
  'bonjour',
  'soleil',
  'doudou',
  'marseille',
  'football',
  'baseball',
  'starwars',
  'princess',
  'sunshine',
  'whatever',
  'trustno',
  'changeme',
  'welcome',
  'letmein',
  'administrator',
  'admin',
  'passw0rd',
  'qwerty',
  'azerty',
  'abc',
  'monkey',
  'dragon',
  'master',
  'superman',
  'batman',
  'loulou',
  'chouchou',
  'portail',
  'demo',
]);

/** Lower case, without spaces and without the digits and signs people add at the end ("Password2026!"). */
function core(password: string): string {
  return password
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/[\d\W_]+$/u, '');
}

function isCommon(password: string): boolean {
  const value = core(password);
  if (value === '' || COMMON.has(value)) return true;
  // One character or one short pattern repeated ("aaaaaaaaaaaa", "abcabcabcabc", "123456789012").
  if (/^(.{1,4})\1+$/u.test(password.toLowerCase())) return true;
  return /^\d+$/.test(password) && '01234567890123456789'.includes(password.slice(0, 10));
}

/** Length in characters as a person counts them (an accented letter or an emoji is one). */
function length(password: string): number {
  return Array.from(new Intl.Segmenter().segment(password)).length;
}

/** The first rule a new password breaks, or null when it is acceptable. */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password === '') return 'required';
  if (password.trim() === '') return 'blank';
  if (length(password) < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  return isCommon(password) ? 'common' : null;
}

/**
 * SPEC 5 strength levels, as an index into the levels (empty, weak, poor, medium, strong): 0 for an empty
 * password; a password the rule refuses is never past the first non-empty level; then one step per quality.
 */
export function passwordStrength(password: string, levelCount: number): number {
  if (password === '' || levelCount <= 1) return 0;
  if (passwordProblem(password) !== null) return 1;
  const qualities = [
    /[a-z]/.test(password) && /[A-Z]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9]/.test(password),
    length(password) >= 16,
  ].filter(Boolean).length;
  return Math.min(levelCount - 1, 2 + Math.floor(qualities / 2));
}
