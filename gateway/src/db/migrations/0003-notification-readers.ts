// Migration 0003 (issue 27): each recorded notification keeps who may read it (readers: the codes, one
// of which its recipient must hold on the entity; reader_id: the person it is about, who reads it
// anyway), and the hourly purge of old notifications reads an index on created_at.
import { sql, type Kysely, type Migration } from 'kysely';
import { addMissingColumns, isPostgres, runStatements } from './steps.ts';

/**
 * The codes of each type's read route when this migration was written (contract/api.ts,
 * contract/documents-routes.ts): rows recorded before readers existed get them once. Frozen here, not
 * imported: a later change of a route's codes must not change what this migration did.
 */
const READERS_OF_TYPE: Readonly<Record<string, readonly string[]>> = {
  'Delegation-AddDelegation': ['CLUSER001', 'COUSER001', 'CLADMI001'],
  'Mandate-MandateStatusChanged': ['CLINFO001', 'COINFO001'],
  'Reporting-ReportCreatedCustomer': ['CORAPP001', 'CLRAPP001', 'CLRAPP002'],
  'Reporting-ReportUpdatedCustomer': ['CORAPP001', 'CLRAPP001', 'CLRAPP002'],
  'Reporting-ReportCreatedCollab': ['CORAPP001', 'CLRAPP001', 'CLRAPP002'],
  'Reporting-ReportUpdatedCollab': ['CORAPP001', 'CLRAPP001', 'CLRAPP002'],
  'Ged-AccountingDocumentUploaded': ['COGED0001', 'CLGED0001', 'CLGED0002', 'COGED0002', 'CLGEDPEN01'],
  'Ged-GSDocumentUploaded': ['CLGED0001'],
  'Ged-PennylaneDocumentSyncCompleted': ['CLGED0002', 'COGED0002', 'CLGEDPEN01'],
};

export const notificationReaders: Migration = {
  async up(db: Kysely<unknown>) {
    // PostgreSQL: the columns are always new (nothing made them before the migrations).
    const added = isPostgres(db)
      ? await runStatements(db, [
          'ALTER TABLE recorded_notifications ADD COLUMN readers text, ADD COLUMN reader_id integer',
        ]).then(() => ['readers', 'reader_id'])
      : await addMissingColumns(db, 'recorded_notifications', [
          ['readers', 'TEXT'],
          ['reader_id', 'INTEGER'],
        ]);
    // Only when the columns are new: a data dir where the centre's open-time code already added them
    // (and backfilled) keeps its rows as they are.
    if (added.includes('readers'))
      for (const [type, codes] of Object.entries(READERS_OF_TYPE))
        await sql`UPDATE recorded_notifications SET readers = ${JSON.stringify(codes)}
                   WHERE readers IS NULL AND type = ${type}`.execute(db);
    // IF NOT EXISTS: SQLite's adoption (harmless on PostgreSQL, which has it too).
    await sql`CREATE INDEX IF NOT EXISTS recorded_notifications_created ON recorded_notifications(created_at)`.execute(
      db,
    );
  },
};
