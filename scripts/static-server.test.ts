import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, REVALIDATE, createStaticServer } from './static-server.ts';

const INDEX = `<!doctype html><html><head><meta
      http-equiv="Content-Security-Policy"
      content="default-src 'self'; script-src 'self'"
    /></head><body><div id="root"></div></body></html>`;
const LOGIN = '<!doctype html><title>Connexion</title><div id="root"><h1>Connexion</h1></div>';
// A page with the published branding's include (scripts/vite-manifest-plugin.ts), and two that give nothing.
const BRANDED = [
  '<head><!--# include virtual="/authentication/api/branding" --></head>',
  '<!--# block name="none" -->stub<!--# endblock -->',
  '<!--# include virtual="/authentication/api/missing" stub="none" -->|<!--# include virtual="/elsewhere" -->',
].join('');
const SCRIPT = 'console.log("portal");'.repeat(100);

let root: string;
let portal: http.Server;
let gateway: http.Server;
let base: string;

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve((server.address() as AddressInfo).port);
    });
  });
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function get(pathname: string, headers: Record<string, string> = {}, method = 'GET', body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(`${base}${pathname}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('latin1'),
        });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

function getBuffer(pathname: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          resolve({ headers: response.headers, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'portal-static-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), INDEX);
  writeFileSync(path.join(root, 'portal.config.json'), '{}');
  mkdirSync(path.join(root, 'login'));
  writeFileSync(path.join(root, 'login', 'index.html'), LOGIN);
  mkdirSync(path.join(root, 'branded'));
  writeFileSync(path.join(root, 'branded', 'index.html'), BRANDED);
  const asset = path.join(root, 'assets', 'first-AbCd_12-.js');
  writeFileSync(asset, SCRIPT);
  writeFileSync(`${asset}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${asset}.gz`, gzipSync(SCRIPT));
  writeFileSync(`${asset}.map`, '{}');
  gateway = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.statusCode = request.url?.includes('missing') ? 404 : 200;
      response.setHeader('Content-Type', 'application/json');
      response.end(
        JSON.stringify({
          method: request.method,
          url: request.url,
          body: Buffer.concat(chunks).toString(),
          headers: request.headers,
        }),
      );
    });
  });
  const gatewayPort = await listen(gateway);
  portal = createStaticServer({
    root,
    gatewayTarget: `http://127.0.0.1:${String(gatewayPort)}`,
    proxyPaths: ['/authentication/api/', '/userorigin'],
  });
  base = `http://127.0.0.1:${String(await listen(portal))}`;
});

afterAll(() => {
  portal.close();
  gateway.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the production static server', () => {
  it("sends a route's pre-rendered page when the build made one, index.html for the others", async () => {
    for (const pathname of ['/login', '/login/']) {
      const answer = await get(pathname);
      expect(answer.body).toBe(LOGIN);
      expect(answer.headers['cache-control']).toBe(REVALIDATE);
    }
    for (const pathname of ['/', '/entity/42/home', '/login/other', '/collaborateur'])
      expect((await get(pathname)).body).toBe(INDEX);
  });

  it('sends the security headers on every response, the CSP with frame-ancestors', async () => {
    const answers = await Promise.all([
      get('/'),
      get('/login'),
      get('/assets/first-AbCd_12-.js'),
      get('/assets/gone-Xy12Zw34.js'),
      get('/userorigin'),
      get('/authentication/api/login', { 'content-type': 'application/json' }, 'POST', '{}'),
    ]);
    for (const { headers } of answers) {
      expect(headers['content-security-policy']).toBe(
        "default-src 'self'; script-src 'self'; frame-ancestors 'self'",
      );
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('caches hashed assets for good and has index.html, the routes and the manifest revalidated', async () => {
    expect((await get('/assets/first-AbCd_12-.js')).headers['cache-control']).toBe(IMMUTABLE);
    for (const pathname of ['/', '/index.html', '/entity/42/home', '/portal.config.json']) {
      const { status, headers } = await get(pathname);
      expect(status, pathname).toBe(200);
      expect(headers['cache-control'], pathname).toBe(REVALIDATE);
    }
    expect((await get('/entity/42/home')).body).toContain('<div id="root">');
  });

  it('serves the precompressed Brotli or gzip file the browser accepts', async () => {
    const brotli = await get('/assets/first-AbCd_12-.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(brotli.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(brotli.headers['content-length'])).toBeLessThan(SCRIPT.length / 10);
    const gzip = await get('/assets/first-AbCd_12-.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/first-AbCd_12-.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("puts the gateway's answer in place of an include, nothing for one that fails, and compresses the page", async () => {
    const page = await get('/branded');
    expect(page.status).toBe(200);
    const [head, rest] = page.body.split('</head>');
    expect(JSON.parse(head?.replace('<head>', '') ?? '')).toMatchObject({
      url: '/authentication/api/branding',
    });
    // A 404 of the gateway (its stub instead) and a path that is not the gateway's: not in the page.
    expect(rest).toBe('stub|');
    expect(page.headers['cache-control']).toBe(REVALIDATE);
    // The file's ETag would not name what was included: none, the page is sent whole each time.
    expect(page.headers.etag).toBeUndefined();
    const compressed = await getBuffer('/branded', { 'accept-encoding': 'gzip, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.body).toString()).toBe(page.body);
  });

  it('answers 304 to a revalidation of an unchanged file', async () => {
    const first = await get('/index.html');
    const again = await get('/index.html', { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('serves no source map, no missing asset as HTML, nothing outside its folder', async () => {
    expect((await get('/assets/first-AbCd_12-.js.map')).status).toBe(404);
    expect((await get('/assets/gone-Xy12Zw34.js')).status).toBe(404);
    // Climbing out of the folder lands back inside it: the app's index, never the system's file.
    expect((await get('/..%2f..%2fetc%2fpasswd')).body).not.toContain('root:');
    expect((await get('/index.html', {}, 'DELETE')).status).toBe(405);
  });

  it("forwards the gateway's paths with their method, body and status, never the tool paths", async () => {
    const login = await get(
      '/authentication/api/login?x=1',
      { 'content-type': 'application/json' },
      'POST',
      '{"email":"claire"}',
    );
    expect(login.status).toBe(200);
    expect(JSON.parse(login.body)).toMatchObject({
      method: 'POST',
      url: '/authentication/api/login?x=1',
      body: '{"email":"claire"}',
    });
    expect((await get('/authentication/api/missing')).status).toBe(404);
    const tool = await get('/authentication/api/dev/mailbox');
    expect(tool.status).toBe(404);
    expect(tool.body).toBe('');
  });

  it("sets the forwarded headers to what it saw, dropping the client's (the gateway counts that address)", async () => {
    const answer = await get(
      '/authentication/api/login',
      {
        'x-forwarded-for': '198.51.100.1',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        'x-forwarded-port': '443',
        'x-real-ip': '198.51.100.1',
        forwarded: 'for=198.51.100.1;host=evil.example',
      },
      'POST',
    );
    const { headers } = JSON.parse(answer.body) as { headers: Record<string, string | undefined> };
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    for (const name of ['x-forwarded-host', 'x-forwarded-port', 'x-real-ip', 'forwarded'])
      expect(headers[name]).toBeUndefined();
  });
});
