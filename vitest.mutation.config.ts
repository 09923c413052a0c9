import { defineConfig } from 'vitest/config';

// The tests of the engine's pure modules, for mutation testing (`npm run test:mutation`): no React, no
// gateway, so each mutant runs in a fraction of a second.
export default defineConfig({
  test: {
    environment: 'node',
    include: [
      'kernel/conditions/**/*.test.ts',
      'src/manifest/**/*.test.ts',
      'src/routing/guard-rules.test.ts',
      'src/session/token.test.ts',
      'src/session/token-rules.test.ts',
    ],
  },
});
