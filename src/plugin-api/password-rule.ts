// The gateway's password rule, the same function in the browser: the form refuses what the gateway would.
export {
  PASSWORD_MIN_LENGTH,
  passwordProblem,
  passwordStrength,
} from '../../kernel/contract/password-rule.ts';
export type { PasswordProblem } from '../../kernel/contract/password-rule.ts';
