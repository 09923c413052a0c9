#!/usr/bin/env node
// `npm test`: every check and every test, in order, failing fast. The README's test command is
// `npm ci && npm test`; `.ci/run` calls it.
//   node scripts/test-all.mjs                 all steps
//   node scripts/test-all.mjs --e2e [args]    end-to-end only (npm run test:e2e); args go to Playwright
//   node scripts/test-all.mjs --instances     the several-instances stage alone (npm run test:e2e:instances)
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2e } from '../tests/e2e/e2e-env.mjs';
import { startPostgres } from './postgres.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const argv = process.argv.slice(2);
const e2eOnly = argv[0] === '--e2e';
const instancesOnly = argv[0] === '--instances';
const playwrightArgs = e2eOnly || instancesOnly ? argv.slice(1) : argv;

/** Exit code of a step that finds its tool missing and not installable here: what needs it is skipped. */
const UNAVAILABLE = 3;

/**
 * @type {{ name: string, command?: string, args?: string[], env?: Record<string, string>, e2e: boolean,
 *   instances?: boolean, optional?: boolean, needs?: string, inProcess?: () => Promise<number>,
 *   disabled?: string }[]}
 * `instances`: part of `--instances` (the several-instances stage and what it needs).
 * `optional`: exit 3 skips the steps that `needs` it (with a loud banner) instead of failing the run.
 * `inProcess`: a step run here rather than as a command (PostgreSQL's start and stop), its exit code.
 * `disabled`: a step prepared and not run yet, with why (shown in the summary).
 */
const NGINX_SPECS = [
  'tests/e2e/production-serving.spec.ts',
  'tests/e2e/smoke.spec.ts',
  'tests/e2e/behind-proxy.spec.ts',
];

// The gateway tests' PostgreSQL (issue 28): one throw-away cluster (scripts/postgres.mjs, which installs
// Debian's postgresql when missing) for the check step, whose gateway project finds it in
// GATEWAY_TEST_DATABASE_URL and must have it (GATEWAY_TEST_POSTGRES=required); stopped right after.
let postgres = null;
const postgresEnv = {};
async function startTestPostgres() {
  try {
    postgres = await startPostgres({ install: true });
  } catch (error) {
    console.error(`[postgres] ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  console.log(`[postgres] ${postgres.version} ready in ${String(postgres.startedInMs)} ms (${postgres.dir})`);
  Object.assign(postgresEnv, { GATEWAY_TEST_DATABASE_URL: postgres.url, GATEWAY_TEST_POSTGRES: 'required' });
  return 0;
}
async function stopTestPostgres() {
  await postgres?.stop();
  postgres = null;
  return 0;
}

const INSTANCES_STAGE = 'several instances: two gateways on one PostgreSQL behind nginx, one killed';
// Written by that stage's kill test (tests/e2e/instances/instances.ts, TAKEOVER_FILE).
const TAKEOVER_FILE = path.join(repoRoot, '.data', 'instances', 'takeover.json');

const steps = [
  {
    name: 'ensure chromium',
    command: 'node',
    args: ['scripts/ensure-chromium.mjs'],
    e2e: true,
    instances: true,
  },
  {
    name: 'start PostgreSQL for the gateway tests (scripts/postgres.mjs)',
    inProcess: startTestPostgres,
    e2e: false,
  },
  {
    name: 'check (generated files, typecheck, lint, format, validate, unit + gateway tests)',
    command: 'npm',
    args: ['run', 'check'],
    env: postgresEnv,
    e2e: false,
  },
  // The whole gateway suite again, every test gateway on a PostgreSQL database of its own (vitest.config.ts's
  // gateway-pg project), on the same throw-away cluster.
  {
    name: 'gateway tests on PostgreSQL (vitest project gateway-pg)',
    command: 'npx',
    args: ['vitest', 'run', '--project', 'gateway-pg'],
    get env() {
      return { ...postgresEnv, GATEWAY_TEST_ON_POSTGRES: 'on' };
    },
    e2e: false,
  },
  { name: 'stop PostgreSQL', inProcess: stopTestPostgres, e2e: false },
  {
    name: 'bundle budget (first pages JS, bench/bundle-budget.json)',
    command: 'node',
    args: ['bench/bundle.mjs', '--budget'],
    e2e: false,
  },
  {
    name: `build the portal for the e2e gateway (${e2e.portal.outDir})`,
    command: 'npx',
    args: ['vite', 'build', '--outDir', e2e.portal.outDir, '--emptyOutDir'],
    env: e2e.portal.buildEnv,
    e2e: true,
    instances: true,
  },
  {
    name: 'end-to-end tests (Playwright, Chromium)',
    command: 'npx',
    args: ['playwright', 'test', ...playwrightArgs],
    e2e: true,
  },
  // Production serving as a firm would run it: the same build behind Debian's nginx with
  // deploy/nginx.conf (npm run test:e2e:nginx runs these alone).
  {
    name: 'ensure nginx',
    command: 'node',
    args: ['scripts/ensure-nginx.mjs'],
    e2e: false,
    instances: true,
    optional: true,
  },
  {
    name: 'end-to-end through nginx (deploy/nginx.conf: headers, sign-in smoke, client address, uploads)',
    command: 'npx',
    args: ['playwright', 'test', ...NGINX_SPECS],
    env: { E2E_SERVER: 'nginx' },
    e2e: false,
    needs: 'ensure nginx',
  },
  // Several instances (issue 28 item 6): two gateway processes on one throw-away PostgreSQL behind nginx
  // (round robin), the portal in Chromium and calls by HTTP; one instance is SIGKILLed during writes and
  // the takeover time is printed (npm run test:e2e:instances runs it alone).
  {
    name: INSTANCES_STAGE,
    command: 'npx',
    args: [
      'playwright',
      'test',
      '--config',
      'playwright.instances.config.ts',
      ...(instancesOnly ? playwrightArgs : []),
    ],
    e2e: false,
    instances: true,
    needs: 'ensure nginx',
  },
].filter((step) => (e2eOnly ? step.e2e : instancesOnly ? step.instances === true : true));

let current = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    current?.kill(signal);
    process.exitCode = 130;
  });
}

function banner(text) {
  const line = '='.repeat(Math.min(100, Math.max(60, ...text.split('\n').map((l) => l.length + 4))));
  console.log(`\n${line}\n  ${text}\n${line}`);
}

function run(step) {
  if (step.inProcess !== undefined) return step.inProcess();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, ...step.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    current = child;
    child.on('error', (error) => {
      console.error(`cannot start ${step.command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      current = null;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const formatDuration = (ms) =>
  ms >= 60_000
    ? `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s`
    : `${(ms / 1000).toFixed(1)}s`;

const results = [];
const started = Date.now();
let failed = null;
const unavailable = new Set();
for (const [index, step] of steps.entries()) {
  if (failed) {
    results.push({ step, status: 'skipped', ms: 0 });
    continue;
  }
  if (step.disabled !== undefined) {
    results.push({ step, status: 'DISABLED', ms: 0 });
    continue;
  }
  if (step.needs !== undefined && unavailable.has(step.needs)) {
    banner(`SKIPPED: ${step.name}\n  '${step.needs}' could not provide its tool on this machine (see above)`);
    results.push({ step, status: 'SKIPPED: no tool', ms: 0 });
    continue;
  }
  const envText = step.env
    ? Object.entries(step.env)
        // A database URL's password stays out of the log.
        .map(([k, v]) => `${k}=${String(v).replace(/(\/\/[^:/@]+:)[^@/]+@/, '$1***@')} `)
        .join('')
    : '';
  banner(
    step.inProcess === undefined
      ? `step ${index + 1}/${steps.length}: ${step.name}\n  $ ${envText}${[step.command, ...step.args].join(' ')}`
      : `step ${index + 1}/${steps.length}: ${step.name}`,
  );
  const stepStart = Date.now();
  const code = await run(step);
  const ms = Date.now() - stepStart;
  if (code === 0) {
    results.push({ step, status: 'ok', ms });
  } else if (step.optional === true && code === UNAVAILABLE) {
    unavailable.add(step.name);
    results.push({ step, status: 'UNAVAILABLE', ms });
  } else {
    results.push({ step, status: `FAILED (exit ${code})`, ms });
    failed = step;
  }
}

const width = Math.max(...results.map((r) => r.step.name.length));
console.log('\nSummary');
console.log(`  ${'step'.padEnd(width)}  ${'status'.padEnd(16)}  time`);
for (const { step, status, ms } of results) {
  console.log(
    `  ${step.name.padEnd(width)}  ${status.padEnd(16)}  ${status === 'skipped' ? '-' : formatDuration(ms)}`,
  );
}
console.log(`  ${'total'.padEnd(width)}  ${''.padEnd(16)}  ${formatDuration(Date.now() - started)}`);
if (
  results.some(({ step, status }) => step.name === INSTANCES_STAGE && status === 'ok') &&
  existsSync(TAKEOVER_FILE)
) {
  const takeover = JSON.parse(readFileSync(TAKEOVER_FILE, 'utf8'));
  console.log(
    `  takeover after SIGKILL of one gateway instance: first answer through nginx after ${takeover.firstAnswerMs} ms, ` +
      `the portal's event stream open again after ${takeover.streamBackMs} ms`,
  );
}

// A failed step skips the ones after it, "stop PostgreSQL" too.
await stopTestPostgres();
for (const { step, status } of results)
  if (status === 'DISABLED') console.log(`  ${step.name}: disabled, ${step.disabled}`);

if (failed) {
  banner(`FAILED: ${failed.name}`);
  process.exit(1);
}
banner(
  unavailable.size > 0
    ? `all checks and tests passed, but SKIPPED what needs: ${[...unavailable].join(', ')}`
    : e2eOnly || instancesOnly
      ? 'end-to-end tests passed'
      : 'all checks and tests passed',
);
process.exit(process.exitCode ?? 0);
