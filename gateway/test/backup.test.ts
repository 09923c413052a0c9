// Issue 28 item 8: `backup <dir>` copies a running gateway's data dir (SQLite through its online backup,
// the key files, the document files), and `restore <dir>` puts it into a fresh data dir where people sign
// in again and their files download with the same bytes. Every refusal exits with 2 and says why.
import BetterSqlite3 from 'better-sqlite3';
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../src/documents/pdf.ts';
import { REPO_ROOT } from '../src/options.ts';
import {
  ON_POSTGRES,
  call,
  gatewayCommand,
  login,
  uploadAccountingPdf,
  startGateway,
  type Started,
} from './helpers.ts';

const run = promisify(execFile);
const CLAIRE = 'claire.solo@demo.test';
const SETTINGS = '/contact/api/contacts/currentuser/notification-settings';

let gateway: Started;
let work: string;
let claire: string;
let documentId: number;
const bytes = new Uint8Array(makePdf('Sauvegarde', ['Une ligne qui doit revenir telle quelle.']));

async function upload(token: string): Promise<number> {
  const response = await uploadAccountingPdf(gateway, token, bytes, 'Sauvegarde.pdf');
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function download(target: { url: string }, token: string, id: number): Promise<Uint8Array> {
  const response = await fetch(`${target.url}/account/api/documents/${String(id)}/file`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** Writes to the running gateway from before `work` starts until it settles: the backup must not care. */
async function whileWriting<T>(work: () => Promise<T>): Promise<{ result: T; writes: number }> {
  const state = { finished: false, writes: 0 };
  const current = (await call(gateway, 'GET', SETTINGS, { token: claire })).body;
  const write = async () => {
    const answer = await call(gateway, 'PUT', SETTINGS, { token: claire, body: current });
    expect(answer.status).toBeLessThan(300);
  };
  await write();
  const writer = (async () => {
    while (!state.finished) {
      await write();
      state.writes += 1;
    }
  })();
  try {
    return { result: await work(), writes: state.writes };
  } finally {
    state.finished = true;
    await writer;
  }
}

function modesOf(dir: string): { dirs: Set<number>; files: Set<number> } {
  const dirs = new Set<number>([statSync(dir).mode & 0o777]);
  const files = new Set<number>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const mode = statSync(join(entry.parentPath, entry.name)).mode & 0o777;
    (entry.isDirectory() ? dirs : files).add(mode);
  }
  return { dirs, files };
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'gateway-backup-'));
  gateway = await startGateway();
  claire = await login(gateway, CLAIRE);
  documentId = await upload(claire);
}, 60_000);

afterAll(async () => {
  await gateway.dispose();
  rmSync(work, { recursive: true, force: true });
});

// SQLite only: backup and restore copy the data dir's SQLite file (on PostgreSQL, pg_dump: see below).
describe.skipIf(ON_POSTGRES)('backup', () => {
  it('copies the running gateway while it writes, says what it saved, and keeps the copy private', async () => {
    const target = join(work, 'in-process');
    const started = performance.now();
    const { result } = await whileWriting(() =>
      gatewayCommand(gateway.dataDir, ['backup', target], { demo: true }),
    );
    const ms = performance.now() - started;
    expect(result.code, result.out).toBe(0);
    expect(result.out).toMatch(/\d+ tables, \d+ rows/);
    const stored = readdirSync(join(gateway.dataDir, 'files')).filter((name) => name !== '.tmp');
    expect(result.out).toContain(`files: ${String(stored.length)} files`);
    expect(readdirSync(join(target, 'files')).sort()).toEqual(stored.sort());
    expect(result.out).toContain('session-secret.key');
    expect(result.out).toContain('oidc-signing-key.json');
    expect(modesOf(target)).toEqual({ dirs: new Set([0o700]), files: new Set([0o600]) });
    const db = new BetterSqlite3(join(target, 'gateway.sqlite'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.prepare('SELECT count(*) AS n FROM documents WHERE id = ?').get(documentId)).toEqual({
        n: 1,
      });
    } finally {
      db.close();
    }
    process.stdout.write(`backup of the demo data: ${ms.toFixed(0)} ms, ${result.out}`);
  });

  it('refuses to overwrite an existing target', async () => {
    const target = join(work, 'existing');
    writeFileSync(target, 'keep me');
    const answer = await gatewayCommand(gateway.dataDir, ['backup', target], { demo: true });
    expect(answer.code).toBe(2);
    expect(answer.out).toContain('already exists');
    const missing = await gatewayCommand(gateway.dataDir, ['backup'], { demo: true });
    expect(missing.code).toBe(2);
  });

  it('runs as a real command beside the running gateway', async () => {
    const target = join(work, 'subprocess');
    const { result, writes } = await whileWriting(() =>
      run(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts', 'backup', target], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { ...process.env, GATEWAY_DATA_DIR: gateway.dataDir, GATEWAY_DEMO: 'on' },
        timeout: 60_000,
      }),
    );
    // tsx alone takes about a second to start: the gateway wrote meanwhile, and during the copy.
    expect(writes).toBeGreaterThan(0);
    expect(result.stdout).toMatch(/\d+ tables, \d+ rows/);
    expect(existsSync(join(target, 'gateway.sqlite'))).toBe(true);
  }, 60_000);
});

// SQLite only: a backup holds the data dir's SQLite file.
describe.skipIf(ON_POSTGRES)('restore', () => {
  it('restores into a fresh data dir where Claire signs in and her document has the same bytes', async () => {
    const restored = join(work, 'restored');
    const answer = await gatewayCommand(restored, ['restore', join(work, 'in-process')], { demo: true });
    expect(answer.code, answer.out).toBe(0);
    const second = await startGateway({ dataDir: restored });
    try {
      // The session key came along: a token signed before the backup is still good.
      expect((await call(second, 'GET', SETTINGS, { token: claire })).status).toBe(200);
      const token = await login(second, CLAIRE);
      expect(await download(second, token, documentId)).toEqual(bytes);
    } finally {
      await second.close();
    }
  });

  it('applies the migrations a backup of an older gateway lacks', async () => {
    const older = join(work, 'older');
    cpSync(join(work, 'in-process'), older, { recursive: true });
    const db = new BetterSqlite3(join(older, 'gateway.sqlite'));
    const [last] = db.prepare('SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1').pluck().all();
    db.prepare('DELETE FROM kysely_migration WHERE name = ?').run(last);
    db.close();
    const answer = await gatewayCommand(join(work, 'restored-older'), ['restore', older], { demo: true });
    expect(answer.code, answer.out).toBe(0);
    expect(answer.out).toContain(`applied ${String(last)}`);
  });

  it('refuses a non-empty data dir unless --force', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gateway-restore-busy-'));
    try {
      writeFileSync(join(dir, 'something'), 'x');
      const refused = await gatewayCommand(dir, ['restore', join(work, 'in-process')], { demo: true });
      expect(refused.code).toBe(2);
      expect(refused.out).toContain('not empty');
      const forced = await gatewayCommand(dir, ['restore', join(work, 'in-process'), '--force'], {
        demo: true,
      });
      expect(forced.code, forced.out).toBe(0);
      expect(existsSync(join(dir, 'gateway.sqlite'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a missing, a corrupt and a newer backup, and leaves the data dir alone', async () => {
    const dataDir = join(work, 'untouched');
    const missing = await gatewayCommand(dataDir, ['restore', join(work, 'nothing-here')], { demo: true });
    expect(missing.code).toBe(2);
    expect(missing.out).toContain('no backup');

    // A damaged page: the file opens, integrity_check lists the damage.
    const damaged = join(work, 'damaged');
    cpSync(join(work, 'in-process'), damaged, { recursive: true });
    const pages = readFileSync(join(damaged, 'gateway.sqlite'));
    const middle = Math.floor(pages.length / 8192) * 4096;
    pages.fill(0x5a, middle + 8, middle + 4096);
    writeFileSync(join(damaged, 'gateway.sqlite'), pages);
    const unsound = await gatewayCommand(dataDir, ['restore', damaged], { demo: true });
    expect(unsound.code).toBe(2);
    expect(unsound.out).toContain('is not a sound database: *** in database main ***');

    const corrupt = join(work, 'corrupt');
    cpSync(join(work, 'in-process'), corrupt, { recursive: true });
    const file = join(corrupt, 'gateway.sqlite');
    // The header stays (it opens as SQLite); every page after the first is garbage.
    const garbled = readFileSync(file);
    garbled.fill(0x5a, 4096);
    writeFileSync(file, garbled);
    const refused = await gatewayCommand(dataDir, ['restore', corrupt], { demo: true });
    expect(refused.code).toBe(2);
    expect(refused.out).toMatch(/not a (sound|SQLite)/);

    const newer = join(work, 'newer');
    cpSync(join(work, 'in-process'), newer, { recursive: true });
    const db = new BetterSqlite3(join(newer, 'gateway.sqlite'));
    db.prepare(
      "INSERT INTO kysely_migration (name, timestamp) VALUES ('9999-from-the-future', '2030')",
    ).run();
    db.close();
    const future = await gatewayCommand(dataDir, ['restore', newer], { demo: true });
    expect(future.code).toBe(2);
    expect(future.out).toContain('9999-from-the-future');
    expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
  });
});

describe.runIf(ON_POSTGRES)('backup and restore on PostgreSQL', () => {
  it('refuse, and name pg_dump and what else to keep', async () => {
    for (const command of ['backup', 'restore']) {
      const answer = await gatewayCommand(gateway.dataDir, [command, join(work, `${command}-pg`)]);
      expect(answer.code).not.toBe(0);
      expect(answer.out).toContain('GATEWAY_DATABASE_URL selects PostgreSQL');
      expect(answer.out).toMatch(command === 'backup' ? /pg_dump/ : /pg_restore/);
      expect(answer.out).toContain('GATEWAY_FILES_DIR');
    }
    expect(existsSync(join(work, 'backup-pg'))).toBe(false);
  });
});
