// "Several instances, proven end to end" (issue 28 item 6): two gateway processes on one throw-away
// PostgreSQL behind nginx (round robin, no affinity) with the built portal, started by the global set-up
// (tests/e2e/instances/start-instances.ts) rather than as web servers, because a test kills one of them.
// Run with `npm run test:e2e:instances` (which builds the portal first), or as a stage of `npm test`.
import { defineConfig } from '@playwright/test';
import { sharedRun } from './playwright.shared';

export default defineConfig({
  testDir: 'tests/e2e/instances',
  globalSetup: './tests/e2e/instances/start-instances.ts',
  outputDir: 'test-results/instances',
  ...sharedRun,
  timeout: 60_000,
});
