import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jsonpatch from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';
import manifestJson from '../../portal.config.json';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { validateManifest } from '../../kernel/manifest/validate.ts';

/** The real manifest, validated, for tests. Each call returns a fresh deep copy a test may alter. */
export function loadRealManifest(): PortalConfig {
  const result = validateManifest(structuredClone(manifestJson));
  if (!result.ok) throw new Error(`portal.config.json is invalid: ${JSON.stringify(result.problems)}`);
  return result.config;
}

/**
 * The real manifest with an RFC 6902 patch of tests/fixtures/manifests/invalid/ applied, as JSON text
 * (2-space indent). A patch whose path no longer exists in the manifest throws, naming the operation.
 */
export function patchedManifestSource(patchFile: string): string {
  const patch = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../tests/fixtures/manifests/invalid', patchFile), 'utf8'),
  ) as Operation[];
  const { newDocument } = jsonpatch.applyPatch(structuredClone(manifestJson), patch, true, false);
  return JSON.stringify(newDocument, null, 2);
}
