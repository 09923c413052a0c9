// `migrate` applies the pending migrations of the gateway's database (GATEWAY_DATABASE_URL's PostgreSQL,
// else GATEWAY_DATA_DIR's SQLite file) and says which; `migrate --status` lists every migration, applied
// (with when) or pending, and changes nothing. Neither seeds nor
// checks the data mode: the schema is the same in both. The gateway and the other commands migrate at
// open anyway; this one is for an operator who wants it done, or seen, before a start.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { migrateToLatest, migrationStatus, targetName, type MigrationTarget } from '../db/migrate.ts';
import { optionsFromEnv, type GatewayOptions } from '../options.ts';
import { parseCommandArgs } from './command-args.ts';
import { CommandError, type CommandIo } from './command-io.ts';

export async function migrate(argv: readonly string[], io: CommandIo): Promise<number> {
  const { status } = parseCommandArgs(argv, { status: { type: 'boolean' } });
  const { dataDir, databaseUrl } = settingsOf(io.env);
  const target: MigrationTarget =
    databaseUrl === undefined ? join(dataDir, 'gateway.sqlite') : { url: databaseUrl };
  const where = targetName(target);
  if (status === true) {
    const migrations = await migrationStatus(target);
    const width = Math.max(...migrations.map((migration) => migration.name.length));
    io.stdout.write(`${where}\n`);
    for (const { name, appliedAt } of migrations)
      io.stdout.write(
        `  ${name.padEnd(width)}  ${appliedAt === undefined ? 'pending' : `applied ${appliedAt.toISOString()}`}\n`,
      );
    const pending = migrations.filter((migration) => migration.appliedAt === undefined).length;
    io.stdout.write(
      pending === 0 ? 'up to date\n' : `${String(pending)} pending: \`migrate\` (or a start) applies them\n`,
    );
    return 0;
  }
  if (typeof target === 'string') mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const applied = await migrateToLatest(target);
  if (applied.length === 0) io.stdout.write(`${where}: nothing to apply, up to date\n`);
  else {
    io.stdout.write(`${where}:\n`);
    for (const name of applied) io.stdout.write(`  applied ${name}\n`);
  }
  return 0;
}

/** The settings, or a refusal naming the variable (GATEWAY_DATABASE_URL…) without a stack trace. */
function settingsOf(env: NodeJS.ProcessEnv): GatewayOptions {
  try {
    return optionsFromEnv(env, []);
  } catch (error) {
    throw new CommandError((error as Error).message);
  }
}
