import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CommandError } from './command-io.ts';

/** Named options only; an unknown option or a missing value is a CommandError (exit code 2). */
type Options = NonNullable<ParseArgsConfig['options']>;

export function parseCommandArgs<const T extends Options>(argv: readonly string[], options: T) {
  try {
    return parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new CommandError((error as Error).message);
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The e-mail that signs in, in lower case (the users table compares without case anyway). */
export function requireEmail(value: string | undefined): string {
  const email = value?.trim().toLowerCase() ?? '';
  if (email === '') throw new CommandError('--email is required');
  if (email.length > 254 || !EMAIL.test(email)) throw new CommandError(`${email} is not an e-mail address`);
  return email;
}

/** Named options and one positional argument per name (paths): another count is a CommandError. */
export function parseCommandPaths<const T extends Options>(
  argv: readonly string[],
  options: T,
  names: readonly string[],
) {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new CommandError((error as Error).message);
  }
  if (parsed.positionals.length !== names.length)
    throw new CommandError(`expected ${names.map((name) => `<${name}>`).join(' ')}`);
  return { values: parsed.values, paths: parsed.positionals };
}
