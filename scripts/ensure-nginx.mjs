#!/usr/bin/env node
// Makes sure Debian's nginx and its Brotli module exist for the production-serving e2e run
// (deploy/nginx.conf through scripts/nginx-serve.ts), installing them with apt-get when missing, as
// scripts/ensure-chromium.mjs does for Chromium. Exit 0: ready; exit 3: not installable here (npm test
// then skips the nginx run, loudly); any other code: a real failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const NGINX = '/usr/sbin/nginx';
// The built files' .br (static), and the pages put together per request (filter: deploy/nginx.conf's SSI).
const BROTLI_MODULES = [
  '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
  '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so',
];
const PACKAGES = ['nginx', 'libnginx-mod-http-brotli-static', 'libnginx-mod-http-brotli-filter'];

const ready = () => existsSync(NGINX) && BROTLI_MODULES.every((module) => existsSync(module));

function install() {
  if (process.getuid?.() !== 0) return 'not root';
  for (const args of [['update'], ['install', '-y', ...PACKAGES]]) {
    console.log(`[ensure-nginx] $ apt-get ${args.join(' ')}`);
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.error) return result.error.message;
    if (result.status !== 0) return `apt-get ${args.join(' ')} exited with ${String(result.status)}`;
  }
  return ready() ? null : `apt-get finished but ${NGINX} or a Brotli module is still missing`;
}

if (ready()) {
  const version = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  console.log(`[ensure-nginx] found ${(version.stderr || version.stdout).trim()}`);
} else {
  console.log(`[ensure-nginx] nginx is missing: installing Debian's ${PACKAGES.join(' ')}`);
  const failure = install();
  if (failure !== null) {
    console.error(
      `[ensure-nginx] cannot install nginx (${failure}): apt-get install -y ${PACKAGES.join(' ')}`,
    );
    process.exit(3);
  }
}
