// Migration 0002 (issue 27): a token retired by a refresh records the one token that replaced it (its
// jti, iat and exp, enough to sign it again byte for byte, never the token itself), so that a second
// refresh of the same token, from another tab or another instance, gets the same answer. On PostgreSQL
// the times are bigint, as retired_tokens' others (0001).
import type { Kysely, Migration } from 'kysely';
import { addMissingColumns, isPostgres, runStatements } from './steps.ts';

export const refreshReplacement: Migration = {
  async up(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      await runStatements(db, [
        'ALTER TABLE retired_tokens ADD COLUMN next_jti text, ADD COLUMN next_iat bigint, ADD COLUMN next_exp bigint',
      ]);
      return;
    }
    await addMissingColumns(db, 'retired_tokens', [
      ['next_jti', 'TEXT'],
      ['next_iat', 'INTEGER'],
      ['next_exp', 'INTEGER'],
    ]);
  },
};
