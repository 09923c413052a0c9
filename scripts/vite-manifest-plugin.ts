import { relative } from 'node:path';
import type { Plugin } from 'vite';
import { formatProblems } from '../src/manifest/problems.ts';
import { validateManifestSource } from '../src/manifest/validate.ts';

/**
 * Validates portal.config.json whenever Vite loads it: `vite build` fails and the dev server shows the
 * problems in its error overlay; once the file is fixed the next load passes and the page reloads.
 * Plugin references are checked by `npm run validate` and at start by the plugin registry.
 */
export function manifestValidation(manifestFile = 'portal.config.json'): Plugin {
  return {
    name: 'portal-manifest-validation',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith(manifestFile)) return null;
      const result = validateManifestSource(code);
      if (!result.ok) {
        this.error(`Invalid manifest:\n${formatProblems(relative(process.cwd(), id), result.problems)}`);
      }
      return null;
    },
  };
}
