// The portal hides, the gateway decides, per document kind: the manifest's upload action of each kind
// names exactly the codes the gateway requires for that kind (DOCUMENT_KIND_CODES).
import { describe, expect, it } from 'vitest';
import { DOCUMENT_KIND_CODES } from '../../kernel/contract/documents-routes.ts';
import { loadRealManifest } from '../../src/testing/manifest.ts';

const config = loadRealManifest();
const ACTION_OF_KIND = {
  legacy: 'documents.upload.legacy',
  accounting: 'documents.upload.accounting',
  'social-management': 'documents.upload.socialManagement',
} as const;

describe('document kinds', () => {
  it.each(Object.entries(ACTION_OF_KIND))('the %s upload action has the gateway’s codes', (kind, action) => {
    const rule = config.actions?.[action];
    const codes =
      rule !== undefined && typeof rule === 'object' && 'permission' in rule ? rule.permission : [];
    expect([...codes].sort()).toEqual(
      [...DOCUMENT_KIND_CODES[kind as keyof typeof DOCUMENT_KIND_CODES]].sort(),
    );
  });

  it('gives social-management documents CLGED0001 alone', () => {
    expect(DOCUMENT_KIND_CODES['social-management']).toEqual(['CLGED0001']);
  });
});
