// The built portal served the way production serves it (deploy/nginx.conf holds the same rules for
// nginx): precompressed Brotli and gzip, hashed assets cached for good, index.html and the manifest
// revalidated on every visit, the security headers on every response, no source maps, and the gateway's
// paths proxied so the browser talks to one origin.
//   tsx scripts/static-server.ts [--root dist] [--port 5173]   (GATEWAY_PORT or GATEWAY_URL: the gateway)
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { Stats } from 'node:fs';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { CLIENT_FORWARDED_HEADERS, gatewayPaths, isToolPath } from './gateway-proxy.ts';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Vite names built assets `name-<8 characters of hash>.ext` under assets/: they never change. */
const HASHED_ASSET = /^\/assets\/.+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;

/** Written next to each built file by scripts/vite-precompress.ts; Brotli first, it is the smaller. */
const PRECOMPRESSED = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * The CSP of index.html's meta tag as a header, plus what a meta tag cannot say: frame-ancestors (only
 * the portal may frame itself, for the silent-renew frame).
 */
export function cspFromIndexHtml(html: string): string {
  const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html)?.[1];
  if (meta === undefined) throw new Error('index.html has no Content-Security-Policy meta tag');
  return `${meta.trim().replace(/;\s*$/, '')}; frame-ancestors 'self'`;
}

function securityHeaders(csp: string): Readonly<Record<string, string>> {
  return {
    'Content-Security-Policy': csp,
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
}

export type StaticServerOptions = {
  /** The built portal (vite build's outDir). */
  root: string;
  /** Where the gateway answers, e.g. http://127.0.0.1:4010. */
  gatewayTarget: string;
  /** Path prefixes proxied to the gateway (gatewayPaths of the manifest). */
  proxyPaths: readonly string[];
};

export function createStaticServer({ root, gatewayTarget, proxyPaths }: StaticServerOptions): http.Server {
  const rootDir = path.resolve(root);
  const indexFile = path.join(rootDir, 'index.html');
  const headers = securityHeaders(cspFromIndexHtml(readFileSync(indexFile, 'utf8')));
  const target = new URL(gatewayTarget);

  return http.createServer((request, response) => {
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    handle(request, response);
  });

  function handle(request: IncomingMessage, response: ServerResponse): void {
    let pathname: string;
    try {
      pathname = path.posix.normalize(
        decodeURIComponent(new URL(request.url ?? '/', 'http://portal').pathname),
      );
    } catch {
      end(response, 400);
      return;
    }
    if (proxyPaths.some((prefix) => pathname.startsWith(prefix))) {
      // The demo inbox and the test tools are never reachable from the portal's origin.
      if (isToolPath(request.url ?? '')) end(response, 404);
      else proxy(request, response, target);
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      end(response, 405);
      return;
    }
    const file = path.join(rootDir, pathname);
    // No source maps are built; should one be left in the folder, it is still not served.
    const stats =
      pathname.endsWith('.map') || !file.startsWith(rootDir + path.sep) ? undefined : fileStats(file);
    if (stats !== undefined) {
      send(request, response, file, stats, pathname);
      return;
    }
    // A missing asset is a 404 (a stale index.html must not get HTML for a script); any other path is a
    // route of the single-page app: its own pre-rendered page when the build made one (the login page,
    // scripts/vite-prerender-login.ts), else index.html.
    if (pathname.startsWith('/assets/') || path.posix.extname(pathname) !== '') {
      end(response, 404);
      return;
    }
    const pageFile = path.join(rootDir, pathname, 'index.html');
    const pageStats = pageFile.startsWith(rootDir + path.sep) ? fileStats(pageFile) : undefined;
    const indexStats = fileStats(indexFile);
    if (pageStats !== undefined) send(request, response, pageFile, pageStats, pathname);
    else if (indexStats === undefined) end(response, 404);
    else send(request, response, indexFile, indexStats, '/index.html');
  }

  /** A page with server-side includes is put together for each request; any other file is sent as built. */
  function send(
    request: IncomingMessage,
    response: ServerResponse,
    file: string,
    stats: Stats,
    pathname: string,
  ): void {
    const html = path.extname(file) === '.html' ? readFileSync(file, 'utf8') : undefined;
    if (!html?.includes(INCLUDE_START)) {
      sendFile(request, response, file, stats, pathname);
      return;
    }
    void withIncludes(html, (included) => gatewayText(target, proxyPaths, included)).then((page) =>
      sendPage(request, response, page),
    );
  }
}

/** The start of nginx's SSI include directive (deploy/nginx.conf: `ssi on`), which the build writes. */
const INCLUDE_START = '<!--# include virtual="';
const INCLUDE = /<!--# include virtual="([^"]+)"(?: stub="([^"]+)")? -->/g;
const BLOCK = /<!--# block name="([^"]+)" -->([\s\S]*?)<!--# endblock -->/g;

/**
 * The page with each `<!--# include virtual="…" -->` replaced by what `fetchText` gives for its path (its
 * stub block's content when that is nothing), as nginx's SSI does (the published branding,
 * scripts/vite-manifest-plugin.ts). The blocks themselves are not output.
 */
export async function withIncludes(
  html: string,
  fetchText: (path: string) => Promise<string>,
): Promise<string> {
  const blocks = new Map([...html.matchAll(BLOCK)].map((match) => [match[1] ?? '', match[2] ?? '']));
  const withoutBlocks = html.replace(BLOCK, '');
  const paths = [...new Set([...withoutBlocks.matchAll(INCLUDE)].map((match) => match[1] ?? ''))];
  const texts = new Map(await Promise.all(paths.map(async (at) => [at, await fetchText(at)] as const)));
  return withoutBlocks.replace(INCLUDE, (_, at: string, stub: string | undefined) => {
    const text = texts.get(at) ?? '';
    return text === '' && stub !== undefined ? (blocks.get(stub) ?? '') : text;
  });
}

/**
 * A gateway path's answer as text, or nothing: a gateway that is down or slow, or a path that is not the
 * gateway's, must not keep the page from being sent (it is then drawn in the build's branding).
 */
async function gatewayText(target: URL, proxyPaths: readonly string[], at: string): Promise<string> {
  if (!proxyPaths.some((prefix) => at.startsWith(prefix))) return '';
  try {
    const answer = await fetch(new URL(at, target), { signal: AbortSignal.timeout(INCLUDE_TIMEOUT_MS) });
    return answer.ok ? await answer.text() : '';
  } catch {
    return '';
  }
}

/** How long a page waits for an include (nginx's proxy_connect_timeout is 3 s). */
const INCLUDE_TIMEOUT_MS = 2_000;

/**
 * A page put together for this request: revalidated, without an ETag (the file's would not name what was
 * included) and compressed here, Brotli first, as the built files are ahead of time.
 */
function sendPage(request: IncomingMessage, response: ServerResponse, page: string): void {
  response.setHeader('Content-Type', CONTENT_TYPES['.html'] ?? 'text/html');
  response.setHeader('Cache-Control', REVALIDATE);
  response.setHeader('Vary', 'Accept-Encoding');
  const accepted = request.headers['accept-encoding'] ?? '';
  const coding = PRECOMPRESSED.find(({ name }) => new RegExp(`\\b${name}\\b`).test(accepted))?.name;
  const body =
    coding === 'br'
      ? zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : coding === 'gzip'
        ? zlib.gzipSync(page)
        : Buffer.from(page, 'utf8');
  if (coding !== undefined) response.setHeader('Content-Encoding', coding);
  response.setHeader('Content-Length', String(body.length));
  response.statusCode = 200;
  response.end(request.method === 'HEAD' ? undefined : body);
}

function fileStats(file: string): Stats | undefined {
  try {
    const stats = statSync(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

function end(response: ServerResponse, status: number): void {
  response.statusCode = status;
  response.setHeader('Cache-Control', REVALIDATE);
  response.end();
}

function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  file: string,
  stats: Stats,
  pathname: string,
): void {
  const extension = path.extname(file);
  response.setHeader('Content-Type', CONTENT_TYPES[extension] ?? 'application/octet-stream');
  response.setHeader('Cache-Control', HASHED_ASSET.test(pathname) ? IMMUTABLE : REVALIDATE);
  response.setHeader('Vary', 'Accept-Encoding');
  const etag = `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  response.setHeader('ETag', etag);
  if (request.headers['if-none-match'] === etag) {
    response.statusCode = 304;
    response.end();
    return;
  }
  const accepted = request.headers['accept-encoding'] ?? '';
  const coding = PRECOMPRESSED.find(
    ({ name, suffix }) => new RegExp(`\\b${name}\\b`).test(accepted) && existsSync(file + suffix),
  );
  const served = coding === undefined ? file : file + coding.suffix;
  if (coding !== undefined) response.setHeader('Content-Encoding', coding.name);
  response.setHeader('Content-Length', String(coding === undefined ? stats.size : statSync(served).size));
  response.statusCode = 200;
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(served).pipe(response);
}

/**
 * The request's headers for the gateway, the forwarded ones set (not appended to) from what this server
 * saw: the gateway trusts this hop (GATEWAY_TRUST_PROXY) and counts attempts under that address.
 */
function forwardedHeaders(request: IncomingMessage): http.OutgoingHttpHeaders {
  const relayed = Object.entries(request.headers).filter(
    ([name]) => !CLIENT_FORWARDED_HEADERS.includes(name),
  );
  return {
    ...Object.fromEntries(relayed),
    'x-forwarded-for': request.socket.remoteAddress ?? '',
    'x-forwarded-proto': 'http',
  };
}

function proxy(request: IncomingMessage, response: ServerResponse, target: URL): void {
  const upstream = http.request(
    {
      hostname: target.hostname,
      port: target.port,
      method: request.method,
      path: request.url,
      headers: forwardedHeaders(request),
    },
    (answer) => {
      response.statusCode = answer.statusCode ?? 502;
      for (const [name, value] of Object.entries(answer.headers))
        if (value !== undefined && !response.hasHeader(name)) response.setHeader(name, value);
      answer.pipe(response);
    },
  );
  upstream.on('error', () => {
    if (!response.headersSent) end(response, 502);
    else response.destroy();
  });
  request.pipe(upstream);
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'portal.config.json'), 'utf8')) as {
    gateway: { services: Record<string, string> };
  };
  const port = Number(argument('--port') ?? process.env['PORTAL_PORT'] ?? '5173');
  const gatewayTarget =
    process.env['GATEWAY_URL'] ?? `http://127.0.0.1:${process.env['GATEWAY_PORT'] ?? '4010'}`;
  const server = createStaticServer({
    root: path.resolve(repoRoot, argument('--root') ?? 'dist'),
    gatewayTarget,
    proxyPaths: gatewayPaths(manifest.gateway),
  });
  server.listen(port, '127.0.0.1', () => {
    console.log(`portal served on http://127.0.0.1:${String(port)}/ (gateway ${gatewayTarget})`);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      server.close();
      server.closeAllConnections();
    });
}
