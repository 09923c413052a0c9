// End-to-end tests: Debian's Chromium (playwright.shared.ts) against the built portal
// and the reference gateway, both started by Playwright. Run with `npm run test:e2e`, which builds first.
import { defineConfig } from '@playwright/test';
import { sharedRun } from './playwright.shared';
import { e2e } from './tests/e2e/e2e-env.mjs';

export default defineConfig({
  testDir: 'tests/e2e',
  // Two gateways on one PostgreSQL behind nginx: their own stage (playwright.instances.config.ts).
  testIgnore: '**/tests/e2e/instances/**',
  // Checks that the portal was built (npm run test:e2e builds it first).
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'test-results',
  ...sharedRun,
  timeout: 30_000,
  // The screen tour's baselines (tests/e2e/screenshots.spec.ts): one readable folder, a name per screen
  // and width; no animation, no caret. `npm run test:screenshots:update` rewrites them. The tolerance is
  // 0.1 % of the pixels: at 1 % a whole page let a new header (logo and firm name, about 0.4 % of a page)
  // pass unseen, and Chromium on one machine draws the same masked page the same way each time.
  snapshotPathTemplate: '{testDir}/screenshots/{arg}-{projectName}{ext}',
  expect: {
    ...sharedRun.expect,
    toHaveScreenshot: { maxDiffPixelRatio: 0.001, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  webServer: [
    {
      name: 'gateway',
      // --reset: every run starts from the seeded personas.
      command: 'npm run gateway -- --reset',
      env: e2e.gateway.env,
      url: `${e2e.gateway.url}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      name: 'portal',
      // The build served as production serves it: scripts/static-server.ts, or Debian's nginx with
      // deploy/nginx.conf when E2E_SERVER=nginx (npm run test:e2e:nginx). Both proxy the gateway's paths.
      command:
        process.env['E2E_SERVER'] === 'nginx'
          ? `npx tsx scripts/nginx-serve.ts --root ${e2e.portal.outDir} --port ${String(e2e.portal.port)}`
          : `npx tsx scripts/static-server.ts --root ${e2e.portal.outDir} --port ${String(e2e.portal.port)}`,
      env: e2e.portal.previewEnv,
      url: `${e2e.portal.url}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
  ],
});
