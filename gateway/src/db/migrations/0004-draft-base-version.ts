// Migration 0004 (issue 27, item 17): a studio draft records the published version it was made from, so
// that publishing it after another publication answers 409 stale_version. Drafts saved before have none.
import type { Kysely, Migration } from 'kysely';
import { addMissingColumns, isPostgres, runStatements } from './steps.ts';

export const draftBaseVersion: Migration = {
  async up(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      await runStatements(db, ['ALTER TABLE manifest_drafts ADD COLUMN base_version integer']);
      return;
    }
    await addMissingColumns(db, 'manifest_drafts', [['base_version', 'INTEGER']]);
  },
};
