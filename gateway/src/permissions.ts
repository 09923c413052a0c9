import { readFileSync } from 'node:fs';

const ALL_COLLABORATOR_CODES = 'ALL_COLLABORATOR_CODES';

// SPEC section 6, used only while the manifest is missing or unreadable (logged as a warning).
const FALLBACK_COLLABORATOR_CODES = [
  'COCAL001',
  'COBANK001',
  'COEMB001',
  'COEVPO01',
  'COINVO001',
  'COGED0002',
  'COKPI0001',
  'COPEN001',
  'COSILA001',
  'COLANC001',
  'COUSER002',
  'COADMI001',
  'COINFO001',
  'COOFF003',
  'COUSER001',
  'CORAPP001',
  'COOFF001',
  'COADMI006',
  'COADMI007',
  'CORAP001',
  'COGED0001',
  'COADMI004',
  'COADMI003',
  'COADMI005',
  'COGES001',
  'COINFO002',
  'COMEG001',
  'COOFF002',
  'COMAND001',
  'COUSER003',
  'COADMI002',
  'CORAP003',
];

const FALLBACK_CUSTOMER_CODES = [
  'CLBANK001',
  'CLEMB001',
  'CLEVP001',
  'CLINVO001',
  'CLGED0002',
  'CLGED0001',
  'CLKPI0001',
  'CLINFO001',
  'CLOFF001',
  'CLMEG001',
  'CLPEN001',
  'CLGEDPEN01',
  'CLSILA001',
  'CLRAPP001',
  'CLRAPP002',
  'CLUSER002',
  'CLUSER001',
  'CLADMI001',
  'CLUSER004',
  'CLUSER003',
];

export type PermissionCatalogue = {
  collaboratorCodes: readonly string[];
  /** The codes a customer may be granted (scope "customer" in the manifest). */
  customerCodes: readonly string[];
  source: 'manifest' | 'fallback';
  /** Replaces ALL_COLLABORATOR_CODES by the manifest's collaborator codes; keeps order, drops duplicates. */
  expand: (codes: readonly string[]) => string[];
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Codes of the manifest of one scope: every key of `permissions` whose scope is that one. */
export function codesOfScope(manifest: unknown, scope: 'collaborator' | 'customer'): string[] {
  if (!isRecord(manifest) || !isRecord(manifest['permissions'])) {
    throw new Error('the manifest has no "permissions" object');
  }
  return Object.entries(manifest['permissions'])
    .filter(([, definition]) => isRecord(definition) && definition['scope'] === scope)
    .map(([code]) => code);
}

export function loadPermissionCatalogue(
  manifestPath: string,
  warn: (message: string) => void,
): PermissionCatalogue {
  let collaboratorCodes: readonly string[];
  let customerCodes: readonly string[];
  let source: PermissionCatalogue['source'] = 'manifest';
  try {
    const manifest: unknown = JSON.parse(readFileSync(manifestPath, 'utf8'));
    collaboratorCodes = codesOfScope(manifest, 'collaborator');
    customerCodes = codesOfScope(manifest, 'customer');
  } catch (error) {
    warn(
      `cannot read permission codes from ${manifestPath} (${(error as Error).message}); using SPEC section 6 codes`,
    );
    collaboratorCodes = FALLBACK_COLLABORATOR_CODES;
    customerCodes = FALLBACK_CUSTOMER_CODES;
    source = 'fallback';
  }
  return {
    collaboratorCodes,
    customerCodes,
    source,
    expand: (codes) => [
      ...new Set(codes.flatMap((code) => (code === ALL_COLLABORATOR_CODES ? collaboratorCodes : [code]))),
    ],
  };
}
