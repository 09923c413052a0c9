// The built portal behind Debian's nginx with deploy/nginx.conf, in the foreground until SIGTERM: the
// e2e run's production check (E2E_SERVER=nginx, npm run test:e2e:nginx). Installs nginx and its Brotli
// module with apt-get when missing (scripts/ensure-nginx.mjs, as scripts/ensure-chromium.mjs does for Chromium).
//   tsx scripts/nginx-serve.ts --root <build> --port <port>   (GATEWAY_PORT or GATEWAY_URL: the gateway)
// GATEWAY_UPSTREAMS=http://127.0.0.1:4110,http://127.0.0.1:4111: several instances behind one upstream group
// (round robin, no affinity), as tests/e2e/instances runs them.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gatewayPaths, TOOL_PATHS } from './gateway-proxy.ts';
import { cspFromIndexHtml } from './static-server.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NGINX = '/usr/sbin/nginx';

function argument(name: string, fallback: string): string {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : (process.argv[index + 1] ?? fallback);
}

function ensureNginx(): void {
  const result = spawnSync('node', [path.join(repoRoot, 'scripts', 'ensure-nginx.mjs')], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('nginx is not available (scripts/ensure-nginx.mjs)');
}

/** deploy/nginx.conf with its placeholders filled in, the way envsubst would. */
function renderNginxConf(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\$\{([A-Z_]+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`deploy/nginx.conf: no value for ${placeholder}`);
    return value;
  });
}

const UPSTREAM_GROUP = 'gateway_instances';

/**
 * The upstream group of several instances, in deploy/nginx.conf's `http {}`: round robin with no affinity,
 * its counters and failure marks shared by the workers (zone). An instance that fails a connection is left
 * out for a second, then tried again (it may be back).
 */
function withUpstreamGroup(conf: string, urls: readonly string[]): string {
  const opening = 'http {\n';
  if (conf.split(opening).length !== 2) throw new Error('deploy/nginx.conf: expected one `http {` block');
  const servers = urls.map((url) => {
    const { host, protocol } = new URL(url);
    if (protocol !== 'http:') throw new Error(`GATEWAY_UPSTREAMS: ${url} is not an http:// address`);
    return `        server ${host} max_fails=1 fail_timeout=1s;\n`;
  });
  const group = `    upstream ${UPSTREAM_GROUP} {\n        zone ${UPSTREAM_GROUP} 64k;\n${servers.join('')}    }\n\n`;
  return conf.replace(opening, `${opening}${group}`);
}

function pathsRegex(paths: readonly string[]): string {
  return `(${paths.map((prefix) => prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`;
}

const root = path.resolve(repoRoot, argument('--root', 'dist'));
const port = argument('--port', process.env['PORTAL_PORT'] ?? '5173');
const instances = (process.env['GATEWAY_UPSTREAMS'] ?? '')
  .split(',')
  .map((url) => url.trim())
  .filter((url) => url !== '');
const gateway =
  instances.length > 0
    ? `http://${UPSTREAM_GROUP}`
    : (process.env['GATEWAY_URL'] ?? `http://127.0.0.1:${process.env['GATEWAY_PORT'] ?? '4010'}`);
const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'portal.config.json'), 'utf8')) as {
  gateway: { services: Record<string, string> };
  constants: { documents: { maxFileSizeBytes: number } };
};
/** Room for the multipart envelope around the largest file (its part headers and a few small fields). */
const MULTIPART_ENVELOPE_BYTES = 64 * 1024;
// The gateway's own limit: GATEWAY_MAX_UPLOAD_BYTES when set, else the manifest's (gateway/README.md).
const maxUploadBytes = Number(
  process.env['GATEWAY_MAX_UPLOAD_BYTES'] ?? manifest.constants.documents.maxFileSizeBytes,
);

ensureNginx();
const prefix = path.join(repoRoot, '.data', `nginx-${port}`);
mkdirSync(prefix, { recursive: true });
// Debian's modules-enabled files name modules relative to the prefix, which -p moves here.
if (!existsSync(path.join(prefix, 'modules')))
  symlinkSync('/usr/lib/nginx/modules', path.join(prefix, 'modules'));
const conf = path.join(prefix, 'nginx.conf');
const rendered = renderNginxConf(readFileSync(path.join(repoRoot, 'deploy', 'nginx.conf'), 'utf8'), {
  PORTAL_ROOT: root,
  PORTAL_PORT: port,
  GATEWAY_UPSTREAM: gateway,
  GATEWAY_PATHS: pathsRegex(gatewayPaths(manifest.gateway)),
  TOOL_PATHS: pathsRegex(TOOL_PATHS),
  CONTENT_SECURITY_POLICY: cspFromIndexHtml(readFileSync(path.join(root, 'index.html'), 'utf8')),
  MAX_BODY_BYTES: String(maxUploadBytes + MULTIPART_ENVELOPE_BYTES),
});
writeFileSync(conf, instances.length > 0 ? withUpstreamGroup(rendered, instances) : rendered);
// -p: temporary files under .data; -e: errors on stderr; the master stays in the foreground.
const nginx = spawn(
  NGINX,
  ['-p', prefix, '-c', conf, '-e', 'stderr', '-g', `daemon off; pid ${path.join(prefix, 'nginx.pid')};`],
  { stdio: 'inherit' },
);
console.log(
  `[nginx-serve] ${root} on http://127.0.0.1:${port}/ (gateway ${instances.length > 0 ? instances.join(', ') : gateway})`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    // QUIT: graceful stop of the master and its workers.
    nginx.kill('SIGQUIT');
  });
nginx.on('exit', (code) => {
  process.exit(code ?? 0);
});
