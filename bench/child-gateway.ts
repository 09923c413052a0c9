// The gateway a bench measures: in a child process (so the load generator does not share its event loop)
// on a temporary data dir, in demo mode (the benches sign the personas in: only demo mode seeds them).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForHealth } from './wait-for-health.ts';

export type ChildGateway = {
  url: string;
  /** The child's pid, for its CPU time (undefined for a gateway the bench did not start). */
  pid?: number | undefined;
  /** Stops the child and removes its data dir. */
  stop: () => Promise<void>;
};

/**
 * Starts the gateway on `port` with these more variables; answers once it listens (waiting up to
 * `timeoutMs`, waitForHealth's default otherwise), and fails as soon as the child stops.
 */
export async function startChildGateway(
  port: number,
  env: Readonly<Record<string, string>>,
  timeoutMs?: number,
): Promise<ChildGateway> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts'], {
    env: {
      ...process.env,
      GATEWAY_PORT: String(port),
      GATEWAY_DATA_DIR: dataDir,
      GATEWAY_DEMO: 'on',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${String(port)}`;
  const stop = async () => {
    child.removeAllListeners('exit');
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => {
      reject(new Error(`the gateway stopped (${String(code)})`));
    }),
  );
  try {
    await Promise.race([waitForHealth(url, timeoutMs), exited]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid, stop };
}
