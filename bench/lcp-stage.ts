// What bench:lcp and bench:lcp-trace stand on: the built portal served the way production serves it
// (scripts/static-server.ts: precompressed, cached), the reference gateway in a child process on a
// temporary data folder, Chromium, and Claire signed in. Ports: LCP_GATEWAY_PORT (4217) and
// LCP_PORTAL_PORT (5217).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { gatewayPaths } from '../scripts/gateway-proxy.ts';
import { createStaticServer } from '../scripts/static-server.ts';
import { waitForHealth } from './wait-for-health.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CPU_SLOWDOWN = 4;
const gatewayPort = Number(process.env['LCP_GATEWAY_PORT'] ?? 4217);
const portalPort = Number(process.env['LCP_PORTAL_PORT'] ?? 5217);
export const gatewayUrl = `http://127.0.0.1:${String(gatewayPort)}`;
export const portalUrl = `http://127.0.0.1:${String(portalPort)}`;
/** The portal's build for these benches (bench:lcp-trace may reuse bench:lcp's). */
export const portalOut = path.join(repoRoot, 'dist-bench', 'lcp-portal');

export function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Builds the portal against this stage's gateway (its identity provider's origin goes into the CSP). */
export async function buildPortal(): Promise<void> {
  process.env['VITE_OIDC_AUTHORITY'] = `${gatewayUrl}/oidc`;
  await build({ root: repoRoot, logLevel: 'error', build: { outDir: portalOut, emptyOutDir: true } });
}

export async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** Claire signed in, on her entity home, in a context of its own (her session lives in the tab). */
export async function signInClaire(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${portalUrl}/login?choice=client`);
  await page.getByLabel('E-mail').fill('claire.solo@demo.test');
  await page.getByLabel('Mot de passe').fill('Demo-2026!');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(/\/dossier\/1001\/accueil$/);
  return page;
}

export type LcpStage = { browser: Browser; stop: () => Promise<void> };

/** The gateway and the portal's server started, Chromium launched; `stop` ends all three. */
export async function startStage(): Promise<LcpStage> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lcp-gateway-'));
  const gateway = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      GATEWAY_PORT: String(gatewayPort),
      GATEWAY_DATA_DIR: dataDir,
      // The personas sign in below: only demo mode seeds them.
      GATEWAY_DEMO: 'on',
      GATEWAY_PORTAL_URL: portalUrl,
      GATEWAY_LOG_LEVEL: 'warn',
      GATEWAY_USER_ORIGIN: 'CLIENT',
      GATEWAY_TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'portal.config.json'), 'utf8')) as {
    gateway: { services: Record<string, string> };
  };
  const portal = createStaticServer({
    root: portalOut,
    gatewayTarget: gatewayUrl,
    proxyPaths: gatewayPaths(manifest.gateway),
  });
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close();
    portal.close();
    portal.closeAllConnections();
    gateway.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(gatewayUrl);
    await listen(portal, portalPort);
    browser = await chromium.launch({
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    return { browser, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
