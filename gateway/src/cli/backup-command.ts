// `backup <dir>` copies GATEWAY_DATA_DIR while the gateway may run: the SQLite database through SQLite's
// online backup (one step, inside one read transaction: a snapshot that WAL lets the gateway write
// beside), then the key files and the document files. The database comes first: a file is moved into
// place before its row commits, so every row of the snapshot finds its file (a file deleted in between
// is the only loss, and only of something already deleted). `restore <dir>` checks a backup (integrity,
// migrations known to this gateway), fills an empty data dir with it and applies the pending migrations.
//
// The backup is a directory, not an archive: it needs no dependency and no archive code of our own,
// `cp -a`, rsync or any backup tool can move it, and `sqlite3 <dir>/gateway.sqlite` reads it as it is.
import BetterSqlite3 from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { migrateToLatest } from '../db/migrate.ts';
import { MIGRATIONS } from '../db/migrations/index.ts';
import { createFileStore } from '../documents/file-store.ts';
import { filesDirOf, optionsFromEnv } from '../options.ts';
import { parseCommandPaths } from './command-args.ts';
import { CommandError, type CommandIo } from './command-io.ts';

const DATABASE = 'gateway.sqlite';
/** The keys a restored gateway needs to accept its sessions and its ID tokens (oidc/keys.ts). */
const KEY_FILES = ['session-secret.key', 'oidc-signing-key.json'] as const;
const FILES = 'files';
const SUMMARY = 'backup.json';

/** backup and restore are SQLite's: on PostgreSQL its own tools keep the database. */
function refuseOnPostgres(command: 'backup' | 'restore', databaseUrl: string | undefined): void {
  if (databaseUrl === undefined) return;
  throw new CommandError(
    `${command} copies the data dir's SQLite database, and GATEWAY_DATABASE_URL selects PostgreSQL: ` +
      (command === 'backup'
        ? 'back it up with pg_dump (pg_dump -Fc -f gateway.dump "$GATEWAY_DATABASE_URL"), '
        : 'restore it with pg_restore (pg_restore --clean -d "$GATEWAY_DATABASE_URL" gateway.dump), ') +
      'and keep the files dir (GATEWAY_FILES_DIR) and the key files of the data dir (or GATEWAY_SECRET, GATEWAY_OIDC_JWK) with it',
  );
}

type Copied = { files: number; bytes: number };

/** Copies a folder's files (0600, folders 0700), without the uploads still streaming in (`.tmp`). */
function copyTree(from: string, to: string): Copied {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  const copied: Copied = { files: 0, bytes: 0 };
  if (!existsSync(from)) return copied;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.name === '.tmp') continue;
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      const inner = copyTree(source, target);
      copied.files += inner.files;
      copied.bytes += inner.bytes;
    } else if (entry.isFile()) {
      copyFileSync(source, target);
      chmodSync(target, 0o600);
      copied.files += 1;
      copied.bytes += statSync(target).size;
    }
  }
  return copied;
}

function rowCounts(file: string): { tables: number; rows: number } {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[];
    let rows = 0;
    for (const table of tables)
      rows += db
        .prepare(`SELECT count(*) FROM "${table.replaceAll('"', '""')}"`)
        .pluck()
        .get() as number;
    return { tables: tables.length, rows };
  } finally {
    db.close();
  }
}

const mebibytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

export async function backup(argv: readonly string[], io: CommandIo): Promise<number> {
  const { paths } = parseCommandPaths(argv, {}, ['dir']);
  const target = resolve(paths[0] ?? '');
  const options = optionsFromEnv(io.env, []);
  refuseOnPostgres('backup', options.databaseUrl);
  const { dataDir } = options;
  const source = join(dataDir, DATABASE);
  if (existsSync(target)) throw new CommandError(`${target} already exists: name a new backup`);
  if (!existsSync(source)) throw new CommandError(`${dataDir} holds no gateway database (GATEWAY_DATA_DIR?)`);
  const started = performance.now();
  // Written beside the target and renamed at the end: a backup that stopped half way has no target name.
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
  mkdirSync(partial, { mode: 0o700 });
  try {
    const copy = join(partial, DATABASE);
    const db = new BetterSqlite3(source, { fileMustExist: true });
    try {
      // The first step copies nothing; the second the whole database at once (one read transaction).
      await db.backup(copy, { progress: () => 0x7fffffff });
    } finally {
      db.close();
    }
    // One self-contained file (no -wal beside it), private.
    const written = new BetterSqlite3(copy);
    written.pragma('journal_mode = DELETE');
    written.close();
    chmodSync(copy, 0o600);
    const counts = rowCounts(copy);
    const keys = KEY_FILES.filter((name) => existsSync(join(dataDir, name)));
    for (const name of keys) {
      copyFileSync(join(dataDir, name), join(partial, name));
      chmodSync(join(partial, name), 0o600);
    }
    const files = copyTree(filesDirOf(options), join(partial, FILES));
    const databaseBytes = statSync(copy).size;
    const summary = {
      format: 1,
      createdAt: new Date().toISOString(),
      from: dataDir,
      database: { ...counts, bytes: databaseBytes },
      keys,
      files,
    };
    writeFileSync(join(partial, SUMMARY), `${JSON.stringify(summary, null, 2)}\n`, { mode: 0o600 });
    renameSync(partial, target);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    io.stdout.write(
      `${target} (${seconds} s):\n` +
        `  ${DATABASE}: ${String(counts.tables)} tables, ${String(counts.rows)} rows, ${mebibytes(databaseBytes)}\n` +
        `  keys: ${keys.length === 0 ? 'none (GATEWAY_SECRET?)' : keys.join(', ')}\n` +
        `  ${FILES}: ${String(files.files)} ${files.files === 1 ? 'file' : 'files'}, ${mebibytes(files.bytes)}\n` +
        `  total ${mebibytes(databaseBytes + files.bytes)}\n`,
    );
    return 0;
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Refuses a backup this gateway cannot serve: not SQLite, not sound, not ours, or from a newer gateway. */
function checkBackup(file: string): void {
  let db: BetterSqlite3.Database;
  try {
    db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new CommandError(`${file} is not a SQLite database: ${(error as Error).message}`);
  }
  try {
    let problems: string[];
    try {
      const rows = db.pragma('integrity_check') as { integrity_check: string }[];
      problems = rows.map((row) => row.integrity_check);
    } catch (error) {
      throw new CommandError(`${file} is not a sound database: ${(error as Error).message}`);
    }
    if (problems.join() !== 'ok')
      throw new CommandError(`${file} is not a sound database: ${problems.slice(0, 3).join('; ')}`);
    const hasMigrations = db
      .prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'kysely_migration'")
      .get();
    if (hasMigrations === undefined)
      throw new CommandError(`${file} has no migrations table: not a gateway backup`);
    const recorded = db.prepare('SELECT name FROM kysely_migration').pluck().all() as string[];
    const unknown = recorded.filter((name) => !(name in MIGRATIONS));
    if (unknown.length > 0)
      throw new CommandError(
        `${file} was migrated by a newer gateway (${unknown.join(', ')}, unknown to this one): restore with that version`,
      );
  } finally {
    db.close();
  }
}

export async function restore(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, paths } = parseCommandPaths(argv, { force: { type: 'boolean' } }, ['dir']);
  const from = resolve(paths[0] ?? '');
  const options = optionsFromEnv(io.env, []);
  refuseOnPostgres('restore', options.databaseUrl);
  const { dataDir } = options;
  const database = join(from, DATABASE);
  if (!existsSync(database)) throw new CommandError(`no backup at ${from} (no ${DATABASE} in it)`);
  checkBackup(database);
  const present = existsSync(dataDir) ? readdirSync(dataDir) : [];
  if (present.length > 0 && values.force !== true)
    throw new CommandError(
      `${dataDir} is not empty (${present.slice(0, 3).join(', ')}): stop its gateway and add --force to replace it`,
    );
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  // What the backup replaces: the database with its journal (a stale -wal would be replayed on the new
  // file), the keys and the files.
  for (const name of [DATABASE, `${DATABASE}-wal`, `${DATABASE}-shm`, ...KEY_FILES])
    rmSync(join(dataDir, name), { force: true });
  // Emptied, not removed: a configured files dir (GATEWAY_FILES_DIR) may be a mount point.
  createFileStore(filesDirOf(options)).clear();
  const target = join(dataDir, DATABASE);
  copyFileSync(database, target);
  chmodSync(target, 0o600);
  const keys = KEY_FILES.filter((name) => existsSync(join(from, name)));
  for (const name of keys) {
    copyFileSync(join(from, name), join(dataDir, name));
    chmodSync(join(dataDir, name), 0o600);
  }
  const files = copyTree(join(from, FILES), filesDirOf(options));
  const applied = await migrateToLatest(target);
  const counts = rowCounts(target);
  io.stdout.write(
    `${dataDir} restored from ${from}:\n` +
      `  ${DATABASE}: ${String(counts.tables)} tables, ${String(counts.rows)} rows\n` +
      `  keys: ${keys.length === 0 ? 'none' : keys.join(', ')}\n` +
      `  ${FILES}: ${String(files.files)} ${files.files === 1 ? 'file' : 'files'}, ${mebibytes(files.bytes)}\n` +
      (applied.length === 0
        ? '  migrations: up to date\n'
        : applied.map((name) => `  applied ${name}\n`).join('')),
  );
  return 0;
}
