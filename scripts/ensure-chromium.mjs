#!/usr/bin/env node
// Makes sure a Chromium for the end-to-end tests exists. `playwright install` cannot download
// anything here, so we use Debian's package: `apt-get install -y chromium` (needs root).
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const debianPath = '/usr/bin/chromium';
const chromiumPath = process.env.CHROMIUM_PATH ?? debianPath;

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function run(command, args) {
  console.log(`[ensure-chromium] $ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${String(result.status ?? result.signal)}`);
  }
}

try {
  if (isExecutable(chromiumPath)) {
    console.log(`[ensure-chromium] found ${chromiumPath}`);
  } else if (chromiumPath !== debianPath) {
    throw new Error(
      `CHROMIUM_PATH=${chromiumPath} is not an executable file (unset it to use Debian's chromium)`,
    );
  } else {
    console.log(`[ensure-chromium] ${chromiumPath} is missing: installing Debian's chromium package`);
    if (process.getuid?.() !== 0) {
      throw new Error(
        'installing chromium needs root: run `apt-get update && apt-get install -y chromium` as root',
      );
    }
    run('apt-get', ['update']);
    run('apt-get', ['install', '-y', 'chromium']);
    if (!isExecutable(chromiumPath))
      throw new Error(`apt-get finished but ${chromiumPath} still does not exist`);
  }

  // Debian's /usr/bin/chromium wrapper prints shell noise on stderr on some machines; only stdout matters.
  const version = spawnSync(chromiumPath, ['--version'], { encoding: 'utf8' });
  if (version.status !== 0 || !/chrom/i.test(version.stdout)) {
    throw new Error(`${chromiumPath} --version failed: ${version.stderr || version.stdout}`);
  }
  console.log(`[ensure-chromium] ${version.stdout.trim()}`);
} catch (error) {
  console.error(`[ensure-chromium] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
