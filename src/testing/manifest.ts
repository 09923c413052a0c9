import manifestJson from '../../portal.config.json';
import type { PortalConfig } from '../../schemas/portal-config.ts';
import { validateManifest } from '../manifest/validate.ts';

/** The real manifest, validated, for tests. Each call returns a fresh deep copy a test may alter. */
export function loadRealManifest(): PortalConfig {
  const result = validateManifest(structuredClone(manifestJson));
  if (!result.ok) throw new Error(`portal.config.json is invalid: ${JSON.stringify(result.problems)}`);
  return result.config;
}
