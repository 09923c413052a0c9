// The scale bench's notifications (GATEWAY_SEED_NOTIFICATIONS): Claire's bell with a long history, so the
// notifications list reads the newest page out of many. Documents uploaded to her entity over the retention
// period, all read but the newest few (a person reads their bell; the unread count stays small).
import { DOCUMENT_KIND_CODES } from '../../../kernel/contract/documents-routes.ts';
import { inTransaction, type Db } from '../db/connection.ts';
import { bulkSeedNeeded, inBatches, markBulkSeeded, type SeedVolume } from '../kernel/bulk-seed.ts';

const RECIPIENT = 'claire.solo@demo.test';
const MARKER = 'bulkNotificationsSeeded';
/** The newest ones left unread. */
const UNREAD = 20;
/** Spread over 150 days: inside the default retention (180 days), so the start's purge keeps them. */
const SPREAD_MS = 150 * 86_400_000;

const UPLOADS = [
  ['Ged-AccountingDocumentUploaded', JSON.stringify(DOCUMENT_KIND_CODES.accounting), 'Facture'],
  ['Ged-AccountingDocumentUploaded', JSON.stringify(DOCUMENT_KIND_CODES.accounting), 'Relevé bancaire'],
  ['Ged-GSDocumentUploaded', JSON.stringify(DOCUMENT_KIND_CODES['social-management']), 'Bulletin de paie'],
] as const;

/** Adds `volume.notifications` notifications to Claire's first entity, unless they are there already. */
export async function seedBulkNotifications(
  db: Db,
  volume: SeedVolume,
  now: Date = new Date(),
): Promise<boolean> {
  const count = volume.notifications;
  const value = String(count);
  if (!(await bulkSeedNeeded(db, MARKER, value))) return false;
  await inTransaction(db, async (trx) => {
    const claire = await trx
      .selectFrom('users as u')
      .innerJoin('memberships as m', 'm.user_id', 'u.id')
      .select(['u.id', 'm.account_id'])
      .where('u.email', '=', RECIPIENT)
      .orderBy('m.account_id')
      .executeTakeFirst();
    // Ours are the ones without a subject (a real upload names its document).
    if (claire)
      await trx
        .deleteFrom('recorded_notifications')
        .where('user_id', '=', claire.id)
        .where('subject_id', 'is', null)
        .execute();
    if (claire && count > 0) {
      const step = SPREAD_MS / count;
      await inBatches(count, 9, async (numbers) => {
        const rows = numbers.map((n) => {
          // n = 0 is the oldest.
          const at = new Date(now.getTime() - SPREAD_MS + Math.round(step * (n + 1)) - 60_000);
          const [type, readers, title] = UPLOADS[n % UPLOADS.length] ?? UPLOADS[0];
          return {
            user_id: claire.id,
            account_id: claire.account_id,
            type,
            subject_id: null,
            data: JSON.stringify({ name: `${title} ${String(n + 1)}.pdf` }),
            created_at: at.toISOString(),
            read_at: n < count - UNREAD ? new Date(at.getTime() + 30_000).toISOString() : null,
            readers,
            reader_id: null,
          };
        });
        await trx.insertInto('recorded_notifications').values(rows).execute();
      });
    }
    await markBulkSeeded(trx, MARKER, value);
  });
  return true;
}
