// Migration 0002 (issue 27): a token retired by a refresh records the one token that replaced it (its
// jti, iat and exp, enough to sign it again byte for byte, never the token itself), so that a second
// refresh of the same token, from another tab or another instance, gets the same answer.
import type { Kysely, Migration } from 'kysely';
import { addMissingColumns } from './steps.ts';

export const refreshReplacement: Migration = {
  async up(db: Kysely<unknown>) {
    await addMissingColumns(db, 'retired_tokens', [
      ['next_jti', 'TEXT'],
      ['next_iat', 'INTEGER'],
      ['next_exp', 'INTEGER'],
    ]);
  },
};
