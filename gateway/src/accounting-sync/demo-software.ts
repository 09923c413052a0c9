// The demo's accounting software: the local server (demo-accounting-server.ts) holding documents for the
// personas' entities of the accounting-software offer, and each entity's key to it stored as a firm would
// store a real one. The keys derive from the gateway's session secret, so instances sharing it (and a
// restart) agree on them without storing them anywhere else.
import { createHmac } from 'node:crypto';
import type { AccountingSyncStore } from './accounting-sync-store.ts';
import type { DemoAccountingServer, DemoDocument } from './demo-accounting-server.ts';
import type { DemoSoftware } from './accounting-sync-handlers.ts';

const DAY_MS = 86_400_000;

/** What the software holds per entity, by days before the demo's day. */
const DEMO_DOCUMENTS: Readonly<Record<number, readonly (readonly [name: string, daysAgo: number])[]>> = {
  1001: [
    ['Avoir fournisseur - Emballages Morel.pdf', 60],
    ['Déclaration de TVA - septembre.pdf', 48],
    ['Note de frais - salon de la boulangerie.pdf', 35],
    ['Relevé bancaire - octobre.pdf', 27],
    ['Facture client - Hôtel du Parc.pdf', 20],
    ['Facture fournisseur - Minoterie Dupuis.pdf', 12],
  ],
  1003: [
    ['Facture fournisseur - Pneus Rivière.pdf', 15],
    ['Relevé bancaire - octobre.pdf', 27],
  ],
};

const dayOf = (today: Date, daysAgo: number) =>
  new Date(today.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);

/** The demo software's key of an entity: a keyed hash of its id, nobody's guess without the secret. */
export const demoKeyOf =
  (secret: Uint8Array | string) =>
  (accountId: number): string =>
    createHmac('sha256', secret)
      .update(`demo-accounting-software:${String(accountId)}`)
      .digest('base64url');

/**
 * Gives the local software its seeded documents (again: a reseed starts over) and stores each entity's
 * key, as a firm would store the real software's. Answers what the admin route adds documents through.
 */
export async function connectDemoSoftware(
  store: AccountingSyncStore,
  server: DemoAccountingServer,
  keyOf: (accountId: number) => string,
  today: () => Date,
): Promise<DemoSoftware> {
  const at = new Date().toISOString();
  for (const [id, documents] of Object.entries(DEMO_DOCUMENTS)) {
    const accountId = Number(id);
    server.register(
      keyOf(accountId),
      documents.map(([name, daysAgo]): DemoDocument => ({ name, issuedOn: dayOf(today(), daysAgo) })),
    );
    await store.setCredential(accountId, keyOf(accountId), at);
  }
  return {
    add: (accountId, name) =>
      accountId in DEMO_DOCUMENTS
        ? server.add(keyOf(accountId), { name, issuedOn: dayOf(today(), 0) })
        : undefined,
  };
}
