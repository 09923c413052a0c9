#!/usr/bin/env node
// A throw-away PostgreSQL for the tests (issue 28): Debian's binaries (/usr/lib/postgresql/<version>/bin),
// installed with apt-get when missing (as scripts/ensure-nginx.mjs does nginx), a cluster made by initdb in
// a temporary directory, started on a free port of 127.0.0.1 only (its unix socket in that directory too),
// one database in it, and `stop()` that stops the server and removes the directory (also on exit and on
// SIGINT/SIGTERM). PostgreSQL refuses to run as root: as root the cluster belongs to the `postgres` system
// user (the Debian package makes it) and both initdb and the server run as that user.
//
//   import { startPostgres } from './postgres.mjs';
//   const { url, stop } = await startPostgres();   // url: postgres://gateway:<random>@127.0.0.1:<port>/gateway
//
//   node scripts/postgres.mjs            a cluster until Ctrl-C (prints its URL)
//   node scripts/postgres.mjs --ensure   installs PostgreSQL when missing; exit 3 when it cannot
//
// Made for speed, not durability: fsync, full-page writes and synchronous commit are off (a crash loses
// the cluster, which is thrown away anyway). The superuser `gateway` signs in with a random password
// (scram-sha-256), so another user of the machine cannot reach the cluster while it runs.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = '/usr/lib/postgresql';
const PACKAGES = ['postgresql'];
const USER = 'gateway';
const DATABASE = 'gateway';
const START_TIMEOUT_MS = 60_000;
/** A tool of Debian's postgresql-common or libc-bin, by its path (this script is for Debian's packages). */
const DEBIAN_TOOL = (name) => path.join('/usr/bin', name);

/** PostgreSQL is missing and cannot be installed here (not root, no apt-get): `code` 'UNAVAILABLE'. */
export class PostgresUnavailable extends Error {
  code = 'UNAVAILABLE';
}

const log = (text) => console.log(`[postgres] ${text}`);

/** The bin dir of the newest PostgreSQL Debian installed (with initdb and postgres), or undefined. */
export function findPostgresBin() {
  if (!existsSync(ROOT)) return undefined;
  const versions = readdirSync(ROOT)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(ROOT, version, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'postgres'))) return bin;
  }
  return undefined;
}

/** The clusters Debian's pg_lsclusters lists as online ("15 main"), to stop one an install started. */
function onlineClusters() {
  const result = spawnSync(DEBIAN_TOOL('pg_lsclusters'), ['--no-header'], { encoding: 'utf8' });
  if (result.status !== 0) return new Set();
  return new Set(
    result.stdout
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[3] === 'online')
      .map((fields) => `${fields[0]} ${fields[1]}`),
  );
}

/** apt-get install postgresql (root only); stops the `main` cluster the package may start. */
export function installPostgres() {
  if (process.getuid?.() !== 0)
    throw new PostgresUnavailable(
      `PostgreSQL is missing and installing it needs root: apt-get install -y ${PACKAGES.join(' ')}`,
    );
  const before = onlineClusters();
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...PACKAGES]]) {
    log(`$ apt-get ${args.join(' ')}`);
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.error) throw new PostgresUnavailable(`cannot run apt-get: ${result.error.message}`);
    if (result.status !== 0)
      throw new PostgresUnavailable(`apt-get ${args.join(' ')} exited with ${String(result.status)}`);
  }
  // The package makes a system cluster and may start it (where services start): only ours should run.
  for (const cluster of onlineClusters()) {
    if (before.has(cluster)) continue;
    log(`stopping the cluster the package started (${cluster}): the tests make their own`);
    spawnSync(DEBIAN_TOOL('pg_ctlcluster'), [...cluster.split(' '), 'stop'], { stdio: 'inherit' });
  }
  const bin = findPostgresBin();
  if (bin === undefined)
    throw new PostgresUnavailable(`apt-get finished but ${ROOT}/<version>/bin/initdb is still missing`);
  return bin;
}

/** The bin dir, installing PostgreSQL when missing (and `install` is not false). */
export function ensurePostgres({ install = true } = {}) {
  const found = findPostgresBin();
  if (found !== undefined) return found;
  if (!install) throw new PostgresUnavailable(`PostgreSQL is not installed (${ROOT} has no initdb)`);
  log(`PostgreSQL is missing: installing Debian's ${PACKAGES.join(' ')}`);
  return installPostgres();
}

/** The user that runs the cluster: ourselves, or `postgres` when we are root. */
function clusterUser() {
  if (process.getuid?.() !== 0) return {};
  const id = (flag) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const [uid, gid] = [id('-u'), id('-g')];
  if (uid.status !== 0 || gid.status !== 0)
    throw new Error('running as root and there is no `postgres` user to run the cluster as');
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A locale initdb accepts that folds and classifies Unicode (lower(), pg_trgm's word characters). */
function localeOf() {
  const result = spawnSync(DEBIAN_TOOL('locale'), ['-a'], { encoding: 'utf8' });
  const locales = result.status === 0 ? result.stdout.split('\n').map((line) => line.trim()) : [];
  return locales.find((name) => /^C\.utf-?8$/i.test(name)) ?? 'C';
}

/** Runs the server until it says it is ready; rejects when it exits first or takes too long. */
function runServer(bin, dataDir, port, user) {
  const child = spawn(
    path.join(bin, 'postgres'),
    [
      '-D',
      dataDir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `port=${String(port)}`,
      '-c',
      `unix_socket_directories=${path.dirname(dataDir)}`,
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=64MB',
      '-c',
      'timezone=UTC',
    ],
    { ...user, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGQUIT');
      reject(new Error(`PostgreSQL did not start within ${String(START_TIMEOUT_MS / 1000)} s:\n${output}`));
    }, START_TIMEOUT_MS);
    const onExit = (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL exited (${String(code ?? signal)}) before it was ready:\n${output}`));
    };
    child.on('exit', onExit);
    child.on('error', onExit);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      // Kept short: the last lines say why it failed.
      output = (output + chunk).slice(-8000);
      if (output.includes('database system is ready to accept connections')) {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve({ child, output: () => output });
      }
    });
  });
}

/**
 * Starts a throw-away cluster: `{ url, stop, version, dir }`. `url` reaches its one database as its
 * superuser (which may CREATE DATABASE: the tests make one per gateway). Installs PostgreSQL when it is
 * missing unless `install: false`; throws `PostgresUnavailable` when it cannot.
 */
export async function startPostgres({ install = true } = {}) {
  const started = Date.now();
  const bin = ensurePostgres({ install });
  const user = clusterUser();
  const dir = mkdtempSync(path.join(tmpdir(), 'gateway-pg-'));
  let server;
  const remove = () => rmSync(dir, { recursive: true, force: true });
  // Until stop(): a dying process takes the cluster with it (SIGQUIT: immediate shutdown).
  const onExit = () => {
    if (server !== undefined && server.child.exitCode === null) server.child.kill('SIGQUIT');
    remove();
  };
  const onSignal = (signal) => {
    onExit();
    process.off('exit', onExit);
    for (const name of ['SIGINT', 'SIGTERM']) process.off(name, onSignal);
    // As if we had not been listening: the process's other handlers, or the default (exit), follow.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  process.on('exit', onExit);
  for (const name of ['SIGINT', 'SIGTERM']) process.on(name, onSignal);
  try {
    if (user.uid !== undefined) chownSync(dir, user.uid, user.gid);
    const password = randomBytes(18).toString('base64url');
    const passwordFile = path.join(dir, 'password');
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    if (user.uid !== undefined) chownSync(passwordFile, user.uid, user.gid);
    const dataDir = path.join(dir, 'data');
    const initdb = spawnSync(
      path.join(bin, 'initdb'),
      [
        '-D',
        dataDir,
        '-U',
        USER,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '-E',
        'UTF8',
        `--locale=${localeOf()}`,
        '--no-sync',
      ],
      { ...user, encoding: 'utf8' },
    );
    rmSync(passwordFile);
    if (initdb.status !== 0)
      throw new Error(`initdb failed (${String(initdb.status ?? initdb.error)}):\n${initdb.stderr}`);
    const version = spawnSync(path.join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).stdout.trim();
    // A port another process takes between our probe and the server's bind: try another one.
    for (let attempt = 1; ; attempt += 1) {
      const port = await freePort();
      try {
        server = await runServer(bin, dataDir, port, user);
        server.port = port;
        break;
      } catch (error) {
        if (attempt >= 3 || !/could not bind|address already in use/i.test(String(error))) throw error;
      }
    }
    const base = `postgres://${USER}:${password}@127.0.0.1:${String(server.port)}`;
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: `${base}/postgres` });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${DATABASE}`);
    } finally {
      await client.end();
    }
    const ms = Date.now() - started;
    let stopped;
    const stop = () => {
      stopped ??= (async () => {
        process.off('exit', onExit);
        for (const name of ['SIGINT', 'SIGTERM']) process.off(name, onSignal);
        const { child } = server;
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGINT'); // fast shutdown: ends the sessions, no checkpoint wait beyond a short one
          const late = setTimeout(() => child.kill('SIGQUIT'), 10_000);
          await exited;
          clearTimeout(late);
        }
        remove();
      })();
      return stopped;
    };
    return { url: `${base}/${DATABASE}`, stop, version, dir, startedInMs: ms };
  } catch (error) {
    onExit();
    process.off('exit', onExit);
    for (const name of ['SIGINT', 'SIGTERM']) process.off(name, onSignal);
    throw error;
  }
}

// As a command: --ensure installs (exit 3 when it cannot); otherwise a cluster until Ctrl-C.
if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    if (process.argv.includes('--ensure')) {
      const bin = ensurePostgres();
      log(
        `found ${spawnSync(path.join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).stdout.trim()}`,
      );
    } else {
      const { url, version, startedInMs } = await startPostgres();
      log(`${version} ready in ${String(startedInMs)} ms (Ctrl-C stops it and removes its directory)`);
      console.log(url);
      // Until Ctrl-C: the server's pipe keeps the process alive, the signal handler stops it.
      await new Promise((resolve) => process.once('beforeExit', resolve));
    }
  } catch (error) {
    console.error(`[postgres] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(error instanceof PostgresUnavailable ? 3 : 1);
  }
}
