// `npm run bench:gateway -- --scale` (issue 28, item 7): a firm's volume of data. For each database
// (a SQLite file; PostgreSQL in a throw-away cluster from scripts/postgres.mjs) and each size (1k, 10k and
// 100k folders, with 10 documents per folder, 1 user per 10 folders and one notification per folder for
// Claire), a gateway in a child process seeds that volume (GATEWAY_SEED_*), then four calls are measured at
// 100 connections: the folder search by a client's name as a collaborator, a documents page of one folder,
// the users list of a folder and the notifications list. Prints p50, p99 and requests/s of each, then the
// ratio of p99 between the largest and the smallest size (aim: 1.5 at most). On a shared machine the
// latencies also measure the others' load; the CPU time the gateway and PostgreSQL spent per request
// (from /proc, Linux) does much less, and its ratio is printed beside.
//
// BENCH_SCALE_SIZES (folders, comma-separated; default 1000,10000,100000), BENCH_SCALE_DATABASES
// (sqlite,postgres), BENCH_DURATION_S (per call, default 5), BENCH_WARMUP_S (per call, default 1),
// BENCH_CONNECTIONS (default 100).
import autocannon from 'autocannon';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPostgres } from '../scripts/postgres.mjs';
import { collaboratorToken, login } from '../gateway/test/helpers.ts';
import { BULK_FIRST_ID } from '../gateway/src/kernel/bulk-seed.ts';
import { bulkWord } from '../gateway/src/portfolio/portfolio-seed.ts';
import { startChildGateway } from './child-gateway.ts';

const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 100);
const DURATION_S = Number(process.env['BENCH_DURATION_S'] ?? 5);
const WARMUP_S = Number(process.env['BENCH_WARMUP_S'] ?? 1);
const SIZES = (process.env['BENCH_SCALE_SIZES'] ?? '1000,10000,100000').split(',').map(Number);
const DATABASES = (process.env['BENCH_SCALE_DATABASES'] ?? 'sqlite,postgres').split(',') as (
  'sqlite' | 'postgres'
)[];
const PORT = Number(process.env['BENCH_GATEWAY_PORT'] ?? 4600 + Math.floor(Math.random() * 300));
/** A gateway seeding 100,000 folders and a million documents takes minutes on a small machine. */
const SEED_TIMEOUT_MS = 20 * 60_000;

/** The folder every per-folder call reads: one of the first thousand, so it exists at every size. */
const FOLDER = BULK_FIRST_ID + 500;
/** Part of that folder's own name, as a collaborator types it: it names that client at every size. */
const NAME_FRAGMENT = bulkWord(500).slice(1, 8).toLowerCase();

type Row = {
  database: string;
  folders: number;
  call: string;
  p50: number;
  p99: number;
  p99AfterConnect: number;
  rps: number;
  errors: number;
  /** CPU µs per request of the gateway process, and of PostgreSQL's processes (0 on SQLite). */
  gatewayCpuUs: number | undefined;
  databaseCpuUs: number | undefined;
};

/** The fields of /proc/<pid>/stat after the command name: [state, ppid, …]; none once it is gone. */
function statOf(pid: number): string[] {
  try {
    return (
      readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
        .split(') ')[1]
        ?.split(' ') ?? []
    );
  } catch {
    return [];
  }
}

/** CPU time (user + system, ms) of the processes so far: clock ticks of 10 ms. */
function cpuMsOf(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => {
    const fields = statOf(pid);
    return sum + (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
  }, 0);
}

/** The PostgreSQL server of a cluster directory and its processes (backends and helpers) now. */
function postgresPids(dir: string): number[] {
  const postmaster = Number(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => Number(statOf(pid)[1]) === postmaster);
  return [postmaster, ...children];
}

/** The value below which `share` of the values fall (ms, rounded), NaN for none. */
function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
  return value === undefined ? Number.NaN : Math.round(value);
}

/** Starts a gateway that seeds `folders` folders and what goes with them; answers once it listens. */
async function startGateway(folders: number, databaseUrl: string | undefined) {
  const started = Date.now();
  const gateway = await startChildGateway(
    PORT,
    {
      GATEWAY_LOG_LEVEL: 'warn',
      GATEWAY_SEED_FOLDERS: String(folders),
      GATEWAY_SEED_DOCUMENTS: String(folders * 10),
      GATEWAY_SEED_USERS: String(Math.floor(folders / 10)),
      GATEWAY_SEED_NOTIFICATIONS: String(folders),
      ...(databaseUrl === undefined ? {} : { GATEWAY_DATABASE_URL: databaseUrl }),
    },
    SEED_TIMEOUT_MS,
  );
  const seedSeconds = (Date.now() - started) / 1000;
  return { ...gateway, seedSeconds };
}

/**
 * Runs one call at CONNECTIONS connections for `seconds`; each connection's first answer left out too, and
 * the CPU time of the gateway and the database processes per request.
 */
async function measure(
  url: string,
  token: string,
  seconds: number,
  processes: { gateway: number[]; database: () => number[] },
) {
  const databasePids = processes.database();
  const before = { gateway: cpuMsOf(processes.gateway), database: cpuMsOf(databasePids) };
  const connected = new WeakSet<object>();
  const afterConnect: number[] = [];
  const run = autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  run.on('response', (client, _status, _bytes, responseTime) => {
    if (connected.has(client)) afterConnect.push(responseTime);
    else connected.add(client);
  });
  const result = await run;
  const served = result.requests.total;
  const perRequest = (ms: number) => (served === 0 ? undefined : Math.round((ms * 1000) / served));
  return {
    gatewayCpuUs: perRequest(cpuMsOf(processes.gateway) - before.gateway),
    databaseCpuUs: perRequest(cpuMsOf(databasePids) - before.database),
    p50: result.latency.p50,
    p99: result.latency.p99,
    p99AfterConnect: percentile(afterConnect, 0.99),
    rps: Math.round(result.requests.average),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const rows: Row[] = [];
const seeds: { database: string; folders: number; seconds: number }[] = [];
for (const database of DATABASES) {
  for (const folders of SIZES) {
    // A fresh database for each size: nothing left from the smaller one.
    const postgres = database === 'postgres' ? await startPostgres({ install: true }) : undefined;
    const gateway = await startGateway(folders, postgres?.url);
    try {
      seeds.push({ database, folders, seconds: gateway.seedSeconds });
      console.log(
        `${database}, ${String(folders)} folders: seeded and started in ${gateway.seedSeconds.toFixed(1)} s`,
      );
      const paul = await collaboratorToken(gateway, 'paul.collab@demo.test');
      const claire = await login(gateway, 'claire.solo@demo.test');
      const calls = [
        {
          call: 'folder search',
          path: `/wallet/api/portfolio/folders?q=${NAME_FRAGMENT}&sort=name&order=asc&page=1&pageSize=20`,
          token: paul,
        },
        {
          call: 'documents page',
          path: `/account/api/accounts/${String(FOLDER)}/documents?kind=accounting&sort=createdAt&order=desc&page=1&pageSize=20`,
          token: paul,
        },
        {
          call: 'users list',
          path: `/account/api/accounts/${String(FOLDER)}/users?sort=name&order=asc&page=1&pageSize=20`,
          token: paul,
        },
        {
          call: 'notifications',
          path: '/contact/api/contacts/currentuser/notifications?limit=30',
          token: claire,
        },
      ];
      const processes = {
        gateway: gateway.pid === undefined ? [] : [gateway.pid],
        database: () => (postgres === undefined ? [] : postgresPids(postgres.dir)),
      };
      for (const { call, path, token } of calls) {
        const check = await fetch(`${gateway.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
        if (!check.ok) throw new Error(`${call} answered ${String(check.status)}`);
        if (WARMUP_S > 0) await measure(`${gateway.url}${path}`, token, WARMUP_S, processes);
        rows.push({
          database,
          folders,
          call,
          ...(await measure(`${gateway.url}${path}`, token, DURATION_S, processes)),
        });
      }
    } finally {
      await gateway.stop();
      await postgres?.stop();
    }
  }
}

const smallest = Math.min(...SIZES);
const largest = Math.max(...SIZES);
console.log(
  `\n${String(CONNECTIONS)} connections, ${String(DURATION_S)} s per call after ${String(WARMUP_S)} s of warm-up; folder search q=${NAME_FRAGMENT}, folder ${String(FOLDER)}\n`,
);
const cpu = (us: number | undefined) => (us === undefined ? '–' : String(us));
console.log(
  '| database | folders | call | p50 ms | p99 ms | p99 after connect ms | requests/s | gateway CPU µs/req | database CPU µs/req | errors |',
);
console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows)
  console.log(
    `| ${row.database} | ${row.folders.toLocaleString('en')} | ${row.call} | ${String(row.p50)} | ${String(row.p99)} | ${String(row.p99AfterConnect)} | ${String(row.rps)} | ${cpu(row.gatewayCpuUs)} | ${row.database === 'sqlite' ? '(in the gateway)' : cpu(row.databaseCpuUs)} | ${String(row.errors)} |`,
  );
console.log(
  `\nRatio ${largest.toLocaleString('en')} / ${smallest.toLocaleString('en')} folders (aim ≤ 1.5):\n`,
);
console.log('| database | call | p99 | p99 after connect | p50 | CPU per request (gateway + database) |');
console.log('|---|---|---:|---:|---:|---:|');
const ratio = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || b === 0 ? '–' : `${(a / b).toFixed(2)}×`;
const cpuOf = (row: Row | undefined) =>
  row?.gatewayCpuUs === undefined ? undefined : row.gatewayCpuUs + (row.databaseCpuUs ?? 0);
for (const database of DATABASES)
  for (const call of [...new Set(rows.map((row) => row.call))]) {
    const at = (folders: number) =>
      rows.find((row) => row.database === database && row.call === call && row.folders === folders);
    const big = at(largest);
    const small = at(smallest);
    console.log(
      `| ${database} | ${call} | ${ratio(big?.p99, small?.p99)} | ${ratio(big?.p99AfterConnect, small?.p99AfterConnect)} | ${ratio(big?.p50, small?.p50)} | ${ratio(cpuOf(big), cpuOf(small))} |`,
    );
  }
console.log('\nSeeding (folders, 10 documents each, 1 user per 10, 1 notification each) and start:\n');
for (const seed of seeds)
  console.log(
    `- ${seed.database}, ${seed.folders.toLocaleString('en')} folders: ${seed.seconds.toFixed(1)} s`,
  );
