#!/usr/bin/env node
// `npm start`: generate the schema, validate the manifest, build the portal, then run the reference
// gateway and the portal (scripts/static-server.ts: compressed, cached and with the security headers
// production sends) in the foreground until Ctrl-C or SIGTERM, which stops both.
// `npm run dev` (--dev): the same with the vite dev server (hot reload) instead of a build.
//   GATEWAY_PORT (default 4010), PORTAL_PORT (default 5173)
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(repoRoot, 'node_modules', '.bin', name);
const dev = process.argv.includes('--dev');

function port(name, fallback) {
  const value = process.env[name] ?? String(fallback);
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 65535) {
    console.error(`[start] ${name}=${value} is not a port number`);
    process.exit(1);
  }
  return number;
}

const gatewayPort = port('GATEWAY_PORT', 4010);
const portalPort = port('PORTAL_PORT', 5173);
const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
const portalUrl = `http://127.0.0.1:${portalPort}`;

// The portal calls the gateway through its own origin (Vite's proxy, whose target is GATEWAY_PORT), so
// only the identity provider's address is built in; VITE_GATEWAY_URL still overrides the manifest.
const portalEnv = {
  GATEWAY_PORT: String(gatewayPort),
  VITE_OIDC_AUTHORITY: process.env.VITE_OIDC_AUTHORITY ?? `${gatewayUrl}/oidc`,
};
const gatewayEnv = {
  GATEWAY_PORT: String(gatewayPort),
  GATEWAY_PORTAL_URL: process.env.GATEWAY_PORTAL_URL ?? portalUrl,
  // The demo personas and the inbox of their e-mails; `npm run gateway` alone starts empty (issue 27).
  GATEWAY_DEMO: process.env.GATEWAY_DEMO ?? 'on',
  // The portal's server (or Vite's) on this machine sets X-Forwarded-For to the browser's address: the
  // gateway counts sign-in attempts under it, and trusts that header from this proxy only.
  GATEWAY_TRUST_PROXY: process.env.GATEWAY_TRUST_PROXY ?? '127.0.0.1',
};

function step(title, command, args, env = {}) {
  console.log(`[start] ${title}: ${[path.relative(repoRoot, command) || command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(`[start] ${title} failed${result.error ? `: ${result.error.message}` : ''}`);
    process.exit(result.status ?? 1);
  }
}

step('generate the schema', 'npm', ['run', '--silent', 'generate:schema']);
step('validate the manifest', 'npm', ['run', '--silent', 'validate']);
if (!dev) step('build the portal', 'npm', ['run', '--silent', 'build'], portalEnv);

/** @type {Map<string, import('node:child_process').ChildProcess>} */
const children = new Map();
let stopping = false;

function prefixLines(stream, name, out) {
  readline.createInterface({ input: stream }).on('line', (line) => out.write(`[${name}] ${line}\n`));
}

function startChild(name, command, args, env) {
  // detached: each child leads its own process group, so stopping it also stops what it spawned.
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  prefixLines(child.stdout, name, process.stdout);
  prefixLines(child.stderr, name, process.stderr);
  child.on('error', (error) => {
    console.error(`[start] cannot start the ${name}: ${error.message}`);
    void stopAll(1);
  });
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (stopping) return;
    console.error(`[start] the ${name} stopped (${signal ?? `exit ${String(code)}`}); stopping the rest`);
    void stopAll(code === 0 || code === null ? 1 : code);
  });
  children.set(name, child);
  return child;
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

async function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  const running = [...children.values()];
  for (const child of running) killGroup(child, 'SIGTERM');
  const deadline = Date.now() + 5000;
  while (children.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const child of children.values()) killGroup(child, 'SIGKILL');
  process.exit(exitCode);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
process.on('SIGHUP', () => void stopAll(0));

startChild('gateway', bin('tsx'), ['gateway/src/main.ts'], gatewayEnv);
startChild(
  'portal',
  dev ? bin('vite') : bin('tsx'),
  dev
    ? ['--host', '127.0.0.1', '--port', String(portalPort), '--strictPort']
    : // The build served as production serves it (the rules of deploy/nginx.conf), not vite preview.
      ['scripts/static-server.ts', '--root', 'dist', '--port', String(portalPort)],
  portalEnv,
);

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!stopping && Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return true;
    } catch {
      // Not up yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

function demoSignIn() {
  try {
    const seed = JSON.parse(readFileSync(path.join(repoRoot, 'gateway/seed/personas.json'), 'utf8'));
    const users = Array.isArray(seed.users) ? seed.users : [];
    const customer =
      users.find((u) => u.email === 'claire.solo@demo.test') ?? users.find((u) => u.isCustomer);
    const collaborator = users.find((u) => u.isCustomer === false);
    return [
      customer && `customer:     ${customer.email} / ${seed.password}  (${portalUrl}/login)`,
      collaborator && `collaborator: ${collaborator.email} / ${seed.password}  (${portalUrl}/collaborateur)`,
    ].filter(Boolean);
  } catch {
    return ['(gateway/seed/personas.json not readable)'];
  }
}

const [gatewayUp, portalUp] = await Promise.all([
  waitFor(`${gatewayUrl}/health`, 120_000),
  waitFor(`${portalUrl}/`, 120_000),
]);
if (!stopping) {
  if (!gatewayUp || !portalUp) {
    console.error(
      `[start] ${!gatewayUp ? `the gateway (${gatewayUrl}/health)` : `the portal (${portalUrl})`} did not answer in 120 s`,
    );
    await stopAll(1);
  } else {
    const lines = [
      `Portal   ${portalUrl}/${dev ? '  (dev server, hot reload)' : ''}`,
      `Gateway  ${gatewayUrl}/`,
      // Without demo mode (GATEWAY_DEMO=off) the gateway holds no persona: say how to make a first user.
      ...(gatewayEnv.GATEWAY_DEMO === 'on'
        ? ['Demo sign-in:', ...demoSignIn().map((line) => `  ${line}`)]
        : ['No demo personas: npm run gateway -- create-user --email ... makes the first user.']),
      'Ctrl-C stops both.',
    ];
    const width = Math.max(...lines.map((line) => line.length));
    console.log(
      `\n${'-'.repeat(width + 4)}\n${lines.map((line) => `  ${line}`).join('\n')}\n${'-'.repeat(width + 4)}\n`,
    );
  }
}
