// `migrate` applies the pending migrations of GATEWAY_DATA_DIR's database and says which; `migrate
// --status` lists every migration, applied (with when) or pending, and changes nothing. Neither seeds nor
// checks the data mode: the schema is the same in both. The gateway and the other commands migrate at
// open anyway; this one is for an operator who wants it done, or seen, before a start.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { migrateToLatest, migrationStatus } from '../db/migrate.ts';
import { optionsFromEnv } from '../options.ts';
import { parseCommandArgs } from './command-args.ts';
import type { CommandIo } from './command-io.ts';

export async function migrate(argv: readonly string[], io: CommandIo): Promise<number> {
  const { status } = parseCommandArgs(argv, { status: { type: 'boolean' } });
  const { dataDir } = optionsFromEnv(io.env, []);
  const file = join(dataDir, 'gateway.sqlite');
  if (status === true) {
    const migrations = await migrationStatus(file);
    const width = Math.max(...migrations.map((migration) => migration.name.length));
    io.stdout.write(`${file}\n`);
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
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const applied = await migrateToLatest(file);
  if (applied.length === 0) io.stdout.write(`${file}: nothing to apply, up to date\n`);
  else {
    io.stdout.write(`${file}:\n`);
    for (const name of applied) io.stdout.write(`  applied ${name}\n`);
  }
  return 0;
}
