// What both Playwright configs share (playwright.config.ts, playwright.instances.config.ts): Debian's
// Chromium (no browser download is possible here) and how a run goes.
import type { PlaywrightTestConfig } from '@playwright/test';
import { e2e } from './tests/e2e/e2e-env.mjs';

/** Debian's Chromium, headless. */
const chromium = {
  name: 'chromium',
  use: {
    browserName: 'chromium' as const,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
};

/** One worker, no retries, the built portal's address, traces and screenshots of failures. */
export const sharedRun = {
  workers: 1,
  retries: 0,
  fullyParallel: false,
  forbidOnly: true,
  reporter: 'list',
  expect: { timeout: 10_000 },
  use: {
    baseURL: e2e.portal.url,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [chromium],
} satisfies PlaywrightTestConfig;
