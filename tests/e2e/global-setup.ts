// Playwright global set-up: the e2e suite runs against a built portal. Loading the config never throws
// (editors and `playwright test --list` load it); running the tests without a build says what to do.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2e } from './e2e-env.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default function globalSetup(): void {
  const builtPortal = path.join(repoRoot, e2e.portal.outDir, 'index.html');
  if (!existsSync(builtPortal)) {
    throw new Error(
      `${path.relative(repoRoot, builtPortal)} is missing: run \`npm run test:e2e\` (it builds the portal for the e2e gateway first).`,
    );
  }
}
