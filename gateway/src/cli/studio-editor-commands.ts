// `grant-studio` / `revoke-studio`: the studio-editor mark, the gateway's only source for who may write
// the studio (the manifest being published never decides it). The last editor is never revoked: nobody
// could publish again, and no portal screen grants the mark.
import { withCommandData } from './command-data.ts';
import { CommandError, type CommandIo } from './command-io.ts';
import { parseCommandArgs, requireEmail } from './command-args.ts';
import type { CommandData } from './command-data.ts';

async function personOf(
  data: CommandData,
  argv: readonly string[],
): Promise<{ id: number; email: string; isCustomer: boolean }> {
  const email = requireEmail(parseCommandArgs(argv, { email: { type: 'string' } }).email);
  const row = await data.store.users.byEmail(email);
  if (!row) throw new CommandError(`no user has the e-mail ${email}`);
  return { id: row.id, email, isCustomer: row.is_customer === 1 };
}

export function grantStudio(argv: readonly string[], io: CommandIo): Promise<number> {
  return withCommandData(io, async (data) => {
    const person = await personOf(data, argv);
    if (person.isCustomer)
      throw new CommandError(`${person.email} is a customer: studio editors are collaborators of the firm`);
    const added = await data.studio.markEditor(person.id);
    io.stdout.write(`${person.email} ${added ? 'is now' : 'already was'} a studio editor\n`);
    return 0;
  });
}

export function revokeStudio(argv: readonly string[], io: CommandIo): Promise<number> {
  return withCommandData(io, async (data) => {
    const person = await personOf(data, argv);
    const outcome = await data.studio.revokeEditor(person.id);
    if (outcome === 'notEditor') throw new CommandError(`${person.email} is not a studio editor`);
    if (outcome === 'lastEditor')
      throw new CommandError(
        `${person.email} is the last studio editor: grant-studio another collaborator first`,
      );
    io.stdout.write(`${person.email} is no longer a studio editor\n`);
    return 0;
  });
}
