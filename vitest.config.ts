import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { entryAliases } from './scripts/aliases.ts';

// Two projects: the browser engine and plugins run in jsdom; the reference gateway runs in Node.
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
      {
        test: {
          name: 'gateway',
          environment: 'node',
          include: ['gateway/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
    ],
  },
});
