import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { entryAliases } from './scripts/aliases.ts';

// Two projects: the browser engine and plugins run in jsdom; the reference gateway runs in Node, with one
// throw-away PostgreSQL cluster for the run (gateway/test/postgres-setup.ts: GATEWAY_TEST_DATABASE_URL).
//
// A third, `gateway-pg` (GATEWAY_TEST_ON_POSTGRES=on, as npm test sets it): the same gateway suite with
// every test gateway on a PostgreSQL database of its own (GATEWAY_TEST_DATABASE=postgres, for
// gateway/test/helpers.ts and gateway/test/postgres.ts's createTestDatabase). No two test gateways share
// a database there, so its files run in parallel. A test SQLite-only by nature is skipped there with its
// reason (ON_POSTGRES in gateway/test/helpers.ts).
const gateway = {
  environment: 'node' as const,
  include: ['gateway/**/*.test.ts'],
  testTimeout: 30000,
  hookTimeout: 60000,
  fileParallelism: false,
  // As the unit project (below): one more try for a test that missed its time on a loaded machine.
  retry: 1,
  globalSetup: ['gateway/test/postgres-setup.ts'],
};

export default defineConfig({
  plugins: [react()],
  resolve: { alias: entryAliases },
  test: {
    // One more try for a test that failed: on a 2-core machine running the gateway suites beside the page
    // tests, a whole-page render can miss its time once (a fresh-clone run failed that way and passed
    // when run again). A broken behaviour fails both tries; the reporter names each retried test.
    retry: 1,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: [
            'src/**/*.test.{ts,tsx}',
            'plugins/**/*.test.{ts,tsx}',
            'kernel/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
            'tests/contract/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['src/testing/setup.ts'],
          // The same reason as the waits of src/testing/setup.ts: a page test is slow on a loaded machine.
          testTimeout: 20000,
        },
      },
      { test: { name: 'gateway', ...gateway } },
      ...(process.env['GATEWAY_TEST_ON_POSTGRES'] === 'on'
        ? [
            {
              test: {
                name: 'gateway-pg',
                ...gateway,
                fileParallelism: true,
                // Its SQLite and PostgreSQL cases already run in the gateway project, each on files and
                // databases of its own: here they would only run again.
                exclude: ['gateway/src/db/migrations.test.ts'],
                env: { GATEWAY_TEST_DATABASE: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
