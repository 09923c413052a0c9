import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAction } from '@portal/plugin-api';
import { loadRealManifest, renderWithPortal } from '@portal/plugin-api/testing';
import type { DocumentKind } from './documents-api.ts';
import { mailDropAction } from './mail-drop.ts';

afterEach(cleanup);

const KINDS: readonly DocumentKind[] = ['legacy', 'accounting', 'social-management'];

/** Says, per list, whether its drop address shows under the shipped manifest's actions. */
function DropAddresses() {
  const shown = {
    legacy: useAction(mailDropAction('legacy')),
    accounting: useAction(mailDropAction('accounting')),
    'social-management': useAction(mailDropAction('social-management')),
  };
  return (
    <ul>
      {KINDS.map((kind) => (
        <li key={kind}>{`${kind}: ${shown[kind] ? 'shown' : 'hidden'}`}</li>
      ))}
    </ul>
  );
}

async function addresses(flags: Record<string, boolean>): Promise<string[]> {
  await renderWithPortal(<DropAddresses />, {
    config: loadRealManifest(),
    flags,
    persona: { isCustomer: true, entity: { accountId: 1001, permissions: ['CLGED0001', 'CLGED0002'] } },
  });
  return (await screen.findAllByRole('listitem')).map((item) => item.textContent);
}

describe('each mail-to flag governs its own drop address', () => {
  it('both on: every list shows its address', async () => {
    expect(await addresses({ mailToDocuments: true, mailToAccountingSoftware: true })).toEqual([
      'legacy: shown',
      'accounting: shown',
      'social-management: shown',
    ]);
  });

  it('mailToDocuments off: the documents and social-management lists hide theirs, accounting keeps its own', async () => {
    expect(await addresses({ mailToDocuments: false, mailToAccountingSoftware: true })).toEqual([
      'legacy: hidden',
      'accounting: shown',
      'social-management: hidden',
    ]);
  });

  it('mailToAccountingSoftware off: only the accounting lists hide theirs', async () => {
    expect(await addresses({ mailToDocuments: true, mailToAccountingSoftware: false })).toEqual([
      'legacy: shown',
      'accounting: hidden',
      'social-management: shown',
    ]);
  });

  it('both off: no list shows an address', async () => {
    expect(await addresses({ mailToDocuments: false, mailToAccountingSoftware: false })).toEqual([
      'legacy: hidden',
      'accounting: hidden',
      'social-management: hidden',
    ]);
  });
});
