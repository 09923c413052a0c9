// The several-instances stage's set-up (issue 28 item 6): one throw-away PostgreSQL (scripts/postgres.mjs,
// installed when missing), two gateway processes on it with the same signing keys from configuration and
// the same files dir but data dirs of their own, and nginx in front of both (scripts/nginx-serve.ts with
// deploy/nginx.conf and an upstream group: round robin, no affinity) serving the built portal. Each gateway
// is one node process (no npm or tsx wrapper in between) so a test can SIGKILL it. Answers the teardown,
// which stops all of it and prints the takeover figure the kill test measured.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startPostgres } from '../../../scripts/postgres.mjs';
import { e2e } from '../e2e-env.mjs';
import globalSetup from '../global-setup';
import { type Instance, INSTANCES_VARIABLE, TAKEOVER_FILE, type Takeover } from './instances';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const workDir = path.join(repoRoot, '.data', 'instances');
const START_TIMEOUT_MS = 90_000;

const log = (text: string) => {
  console.log(`[instances] ${text}`);
};

/** Polls `url` until it answers 2xx; rejects when `child` exits first or the time is up. */
async function waitUntilUp(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited (${String(child.exitCode ?? child.signalCode)}) before it answered`);
    const ok = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not answer ${url} within ${String(START_TIMEOUT_MS / 1000)} s`);
}

/** A process whose output goes to a log file of the stage (shown when it fails to start). */
function startLogged(name: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const output = createWriteStream(path.join(workDir, `${name}.log`));
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(output);
  child.stderr.pipe(output);
  return child;
}

const tail = (name: string) => {
  const file = path.join(workDir, `${name}.log`);
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-30).join('\n') : '';
};

export default async function startInstances(): Promise<() => Promise<void>> {
  globalSetup();
  const started = Date.now();
  const nginxCheck = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'ensure-nginx.mjs')], {
    stdio: 'inherit',
  });
  if (nginxCheck.status !== 0) throw new Error('nginx is not available (scripts/ensure-nginx.mjs)');
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });

  const postgres = await startPostgres({ install: true });
  log(`${postgres.version} ready in ${String(postgres.startedInMs)} ms`);
  const children: ChildProcess[] = [];
  const stopAll = async () => {
    await Promise.all(
      children
        .filter((child) => child.exitCode === null && child.signalCode === null)
        .map(
          (child) =>
            new Promise<void>((resolve) => {
              const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
              child.once('exit', () => {
                clearTimeout(timer);
                resolve();
              });
              child.kill('SIGTERM');
            }),
        ),
    );
    await postgres.stop();
  };

  try {
    // What several instances must share (README, "Several instances"): the database, the keys, the files.
    const secret = randomBytes(32).toString('base64url');
    const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
    const firstPort = Number(new URL(e2e.gateway.url).port);
    // The first instance keeps the e2e gateway's port: the portal is built with its identity provider there.
    const ports = [firstPort, Number(process.env['E2E_GATEWAY_SECOND_PORT'] ?? firstPort + 1)];
    const instances: Instance[] = [];
    const gateways = ['gw-a', 'gw-b'].map((name, index) => {
      const port = String(ports[index]);
      const child = startLogged(name, ['--import', 'tsx', 'gateway/src/main.ts'], {
        ...process.env,
        ...e2e.gateway.env,
        GATEWAY_PORT: port,
        GATEWAY_DATA_DIR: path.join(workDir, name),
        GATEWAY_FILES_DIR: path.join(workDir, 'files'),
        GATEWAY_DATABASE_URL: postgres.url,
        GATEWAY_SECRET: secret,
        GATEWAY_OIDC_JWK: JSON.stringify(jwk),
        // One identity provider for both: the address the portal was built with.
        GATEWAY_ISSUER: `${e2e.gateway.url}/oidc`,
        GATEWAY_INSTANCE_NAME: name,
        // The folders bench's 5000 extra folders are not what this stage proves.
        GATEWAY_SEED_FOLDERS: '0',
      });
      children.push(child);
      instances.push({ name, url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0 });
      return { name, child, url: `http://127.0.0.1:${port}` };
    });
    // Both at once, on an empty database: one migrates and seeds, the other waits for it (the locks).
    await Promise.all(
      gateways.map(({ name, child, url }) =>
        waitUntilUp(`${url}/health`, child, `gateway ${name}`).catch((error: unknown) => {
          throw new Error(`${(error as Error).message}\n${tail(name)}`, { cause: error });
        }),
      ),
    );
    log(`gateways ${instances.map(({ name, url }) => `${name} ${url}`).join(', ')} up`);

    const nginx = startLogged(
      'nginx',
      [
        '--import',
        'tsx',
        'scripts/nginx-serve.ts',
        '--root',
        e2e.portal.outDir,
        '--port',
        String(e2e.portal.port),
      ],
      { ...process.env, ...e2e.portal.previewEnv, GATEWAY_UPSTREAMS: instances.map((i) => i.url).join(',') },
    );
    children.push(nginx);
    await waitUntilUp(`${e2e.portal.url}/`, nginx, 'nginx').catch((error: unknown) => {
      throw new Error(`${(error as Error).message}\n${tail('nginx')}`, { cause: error });
    });
    log(`nginx on ${e2e.portal.url} in front of both; all up in ${String(Date.now() - started)} ms`);
    // Read by the tests (Playwright's workers inherit the runner's environment).
    process.env[INSTANCES_VARIABLE] = JSON.stringify(instances);
  } catch (error) {
    await stopAll();
    throw error;
  }

  return async () => {
    await stopAll();
    if (existsSync(TAKEOVER_FILE)) {
      const takeover = JSON.parse(readFileSync(TAKEOVER_FILE, 'utf8')) as Takeover;
      log(
        `takeover after SIGKILL of ${takeover.killed}: first answer through nginx (by ${takeover.survivor}) ` +
          `after ${String(takeover.firstAnswerMs)} ms, the portal's event stream open again after ` +
          `${String(takeover.streamBackMs)} ms`,
      );
    }
  };
}
