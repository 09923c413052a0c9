// `create-user`: how a firm makes its first people on a database that starts empty (no demo switch).
// A collaborator made here is the firm's administrator: the administration codes every collaborator
// administrator of SPEC 6 holds globally, and the administrator mark of the people screens, from which
// they add the rest of the firm. `--studio` also marks them a studio editor.
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
} from '../../../kernel/contract/password-rule.ts';
import type { PasswordProblem } from '../../../kernel/contract/password-rule.ts';
import { createPeopleStore } from '../people/people-store.ts';
import { createStudioStore } from '../studio/studio-store.ts';
import { withCommandData } from './command-data.ts';
import { CommandError, type CommandIo } from './command-io.ts';
import { readPassword } from './read-password.ts';
import { parseCommandArgs, requireEmail } from './command-args.ts';

/** COADMI001–007: administrators, folders and their rights, users, entity creation. */
const ADMINISTRATOR_CODES = [
  'COADMI001',
  'COADMI002',
  'COADMI003',
  'COADMI004',
  'COADMI005',
  'COADMI006',
  'COADMI007',
] as const;

const PROBLEMS: Record<PasswordProblem, string> = {
  required: 'the password is empty',
  blank: 'the password is only spaces',
  tooShort: `the password is shorter than ${String(PASSWORD_MIN_LENGTH)} characters`,
  tooLong: `the password is longer than ${String(PASSWORD_MAX_LENGTH)} characters`,
  common: 'the password is too common (a well-known password or pattern)',
};

export async function createUser(argv: readonly string[], io: CommandIo): Promise<number> {
  const values = parseCommandArgs(argv, {
    email: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    collaborator: { type: 'boolean' },
    customer: { type: 'boolean' },
    studio: { type: 'boolean' },
    'password-file': { type: 'string' },
  });
  const email = requireEmail(values.email);
  const isCustomer = values.customer === true;
  if (isCustomer && values.collaborator === true)
    throw new CommandError('--collaborator and --customer exclude each other');
  if (isCustomer && values.studio === true)
    throw new CommandError('a studio editor is a collaborator of the firm, not a customer');
  const firstName = (values['first-name'] ?? email.split('@')[0] ?? '').trim();
  const lastName = (values['last-name'] ?? '').trim();

  return withCommandData(io, async ({ store, hasher }) => {
    const taken = () => new CommandError(`a user with the e-mail ${email} already exists`);
    // Checked before the password is asked for: a person should not type it for nothing.
    if (await store.users.byEmail(email)) throw taken();
    const password = await readPassword(io, values['password-file']);
    const problem = passwordProblem(password);
    if (problem !== null) throw new CommandError(PROBLEMS[problem]);
    const hash = await hasher.hash(password);
    const id = await store.inTransaction(async (trx) => {
      // The insert is the re-check (a gateway may have added the address meanwhile), and its write
      // comes first in the transaction, as BEGIN IMMEDIATE did.
      const codes = isCustomer ? [] : ADMINISTRATOR_CODES;
      const inserted = await trx.users.insert({
        email,
        firstName,
        lastName,
        isCustomer,
        passwordHash: hash,
        oldId: 0,
        globalPermissions: codes,
      });
      if (inserted === undefined) throw taken();
      // A customer's single sign-on account (the provider's subject), as for people added in the portal.
      if (isCustomer) await trx.users.setGigyaId(inserted, `gigya-${String(inserted)}`);
      else await createPeopleStore(trx.db).grantAdmin(inserted, inserted, new Date().toISOString());
      if (values.studio === true) await createStudioStore(trx.db).markEditor(inserted);
      return inserted;
    });
    const kind = isCustomer ? 'customer' : 'collaborator administrator';
    io.stdout.write(
      `created ${kind} ${email} (id ${String(id)})${values.studio === true ? ', studio editor' : ''}\n`,
    );
    return 0;
  });
}
