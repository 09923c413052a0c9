// The scale bench's documents (GATEWAY_SEED_DOCUMENTS): rows spread evenly over the bulk folders, of every
// kind, over the last two years, named as a firm names them. Rows only: no file is written for them (a
// million small PDFs would take gigabytes), so their lists, counts and searches are real and a download
// answers that the file is missing.
import { inTransaction, type Db } from '../db/connection.ts';
import {
  BULK_FIRST_ID,
  bulkSeedNeeded,
  inBatches,
  markBulkSeeded,
  type SeedVolume,
} from '../kernel/bulk-seed.ts';

/** A folder's documents in this order, again and again: mostly accounting, as in a firm. */
const KINDS = [
  ['accounting', 'Grand livre'],
  ['accounting', 'Déclaration de TVA'],
  ['social-management', 'Bulletin de paie'],
  ['accounting', 'Relevé bancaire'],
  ['legacy', 'Lettre de mission'],
  ['accounting', 'Facture fournisseur'],
  ['social-management', 'Déclaration sociale nominative'],
  ['accounting', 'Bilan'],
  ['legacy', 'Procès-verbal'],
  ['accounting', 'Note de frais'],
] as const;

const MARKER = 'bulkDocumentsSeeded';

/**
 * Adds `volume.documents` rows over the `volume.folders` bulk folders, unless those are there already;
 * the bulk folders' earlier ones go first. `now` dates them: the newest last month.
 */
export async function seedBulkDocuments(
  db: Db,
  volume: SeedVolume,
  now: Date = new Date(),
): Promise<boolean> {
  const { folders, documents } = volume;
  const value = `${String(documents)} over ${String(folders)}`;
  if (!(await bulkSeedNeeded(db, MARKER, value))) return false;
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('documents').where('account_id', '>=', BULK_FIRST_ID).execute();
    if (folders > 0) {
      await inBatches(documents, 10, async (indexes) => {
        const rows = indexes.map((index) => {
          const folder = index % folders;
          // The folder's n-th document: a month further back each, from a month of its own.
          const nth = Math.floor(index / folders);
          const [kind, title] = KINDS[nth % KINDS.length] ?? KINDS[0];
          const day = new Date(
            Date.UTC(
              now.getUTCFullYear(),
              now.getUTCMonth() - 1 - ((nth + folder) % 24),
              1 + (index % 28),
              9,
            ),
          );
          const period = day.toISOString().slice(0, 7);
          return {
            account_id: BULK_FIRST_ID + folder,
            kind,
            name: `${title} ${period}.pdf`,
            period,
            mime_type: 'application/pdf',
            size: 20_000 + ((index * 7919) % 900_000),
            storage_key: `bulk-${String(index)}`,
            uploaded_by: 'Cabinet',
            uploader_id: null,
            created_at: day.toISOString(),
          };
        });
        await trx.insertInto('documents').values(rows).execute();
      });
    }
    await markBulkSeeded(trx, MARKER, value);
  });
  return true;
}
