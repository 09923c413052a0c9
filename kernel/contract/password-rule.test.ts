// SPEC 5's five strength levels (empty, weak, poor, medium, strong) and the rule they rest on.
import { describe, expect, it } from 'vitest';
import { passwordProblem, passwordStrength } from './password-rule.ts';

const LEVELS = ['empty', 'weak', 'poor', 'medium', 'strong'] as const;
const level = (password: string) => LEVELS[passwordStrength(password, LEVELS.length)];

describe('password strength', () => {
  it.each([
    ['', 'empty'],
    ['short', 'weak'],
    // Long enough but common: the rule refuses it, so it is never past weak.
    ['Password2026!', 'weak'],
    ['aaaaaaaaaaaaaaaa', 'weak'],
    ['ununununununz', 'poor'],
    ['un cheval bleu mange', 'medium'],
    ['Un cheval bleu mange 2 pommes', 'strong'],
  ] as const)('%j is %s', (password, expected) => {
    expect(level(password)).toBe(expected);
  });

  it('a password the rule accepts is at least poor, one the rule refuses at most weak', () => {
    for (const password of ['short', 'Password2026!', 'azertyuiop123', '            ']) {
      expect(passwordProblem(password)).not.toBeNull();
      expect(passwordStrength(password, 5)).toBe(1);
    }
    expect(passwordProblem('ununununununz')).toBeNull();
    expect(passwordStrength('ununununununz', 5)).toBe(2);
  });

  it('never goes past the last level the manifest names', () => {
    expect(passwordStrength('Un cheval bleu mange 2 pommes', 3)).toBe(2);
    expect(passwordStrength('Un cheval bleu mange 2 pommes', 1)).toBe(0);
  });
});
