// `npm run gateway -- <command>`: administration on the gateway's data dir (GATEWAY_DATA_DIR, the same
// mode rules as the server) without starting the HTTP server. A refusal a person can fix exits with 2.
import { DataModeMismatch } from '../db/data-mode.ts';
import { MigrationFailed } from '../db/migrate.ts';
import { backup, restore } from './backup-command.ts';
import { CommandError, type CommandIo } from './command-io.ts';
import { createUser } from './create-user.ts';
import { migrate } from './migrate-command.ts';
import { grantStudio, revokeStudio } from './studio-editor-commands.ts';

const COMMANDS: Record<string, (argv: readonly string[], io: CommandIo) => Promise<number>> = {
  'create-user': createUser,
  'grant-studio': grantStudio,
  'revoke-studio': revokeStudio,
  migrate,
  backup,
  restore,
};

const USAGE = `Commands (on GATEWAY_DATA_DIR; the server need not run):
  create-user --email <e-mail> [--first-name <name> --last-name <name>] [--collaborator|--customer]
              [--studio] [--password-file <path>]
      A collaborator (the default) is the firm's administrator (codes COADMI001-007, administrator mark).
      The password is asked for without echo at a terminal, else read from the file or standard input.
  grant-studio --email <e-mail>    mark a collaborator a studio editor (who may publish manifests)
  revoke-studio --email <e-mail>   remove the mark (never from the last studio editor)
  migrate [--status]               apply the pending database migrations (every start does too), or
                                   with --status list each migration, applied (and when) or pending
  backup <dir>                     copy the data dir (database, keys, files) into a new directory, while
                                   the gateway runs
  restore <dir> [--force]          fill an empty data dir (--force: replace one, its gateway stopped) from
                                   a backup, checked first, then apply the pending migrations
`;

export function isGatewayCommand(name: string | undefined): boolean {
  return name !== undefined && (name in COMMANDS || name === 'help' || name === '--help');
}

export async function runGatewayCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const [name, ...rest] = argv;
  const command = name === undefined ? undefined : COMMANDS[name];
  if (!command) {
    (name === 'help' || name === '--help' ? io.stdout : io.stderr).write(USAGE);
    return name === 'help' || name === '--help' ? 0 : 2;
  }
  try {
    return await command(rest, io);
  } catch (error) {
    if (
      error instanceof CommandError ||
      error instanceof DataModeMismatch ||
      error instanceof MigrationFailed
    ) {
      io.stderr.write(`${name ?? ''}: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}
