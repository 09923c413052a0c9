import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { entryAliases } from './scripts/aliases.ts';

// Two projects: the browser engine and plugins run in jsdom; the reference gateway runs in Node, with one
// throw-away PostgreSQL cluster for the run (gateway/test/postgres-setup.ts: GATEWAY_TEST_DATABASE_URL).
//
// A third, `gateway-pg`, is prepared and off: the same gateway suite with every test gateway on a
// PostgreSQL database of its own (GATEWAY_TEST_DATABASE=postgres, for gateway/test/helpers.ts and
// gateway/test/postgres.ts's createTestDatabase). It cannot pass until every store is on Kysely and the
// gateway opens GATEWAY_DATABASE_URL (issue 28); GATEWAY_TEST_ON_POSTGRES=on adds it then.
const gateway = {
  environment: 'node' as const,
  include: ['gateway/**/*.test.ts'],
  testTimeout: 30000,
  hookTimeout: 60000,
  fileParallelism: false,
  globalSetup: ['gateway/test/postgres-setup.ts'],
};

export default defineConfig({
  plugins: [react()],
  resolve: { alias: entryAliases },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: [
            'src/**/*.test.{ts,tsx}',
            'plugins/**/*.test.{ts,tsx}',
            'schemas/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
            'tests/contract/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['src/testing/setup.ts'],
        },
      },
      { test: { name: 'gateway', ...gateway } },
      ...(process.env['GATEWAY_TEST_ON_POSTGRES'] === 'on'
        ? [{ test: { name: 'gateway-pg', ...gateway, env: { GATEWAY_TEST_DATABASE: 'postgres' } } }]
        : []),
    ],
  },
});
