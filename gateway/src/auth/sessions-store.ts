// The portal's sign-ins in the database: one row per session (sessions) and the tokens a refresh
// replaced (retired_tokens). Every instance of the gateway asks here, at each request, whether a session
// is live and whether a token was retired: a sign-out on one instance refuses the token on every other
// at once. Portable SQL (SQLite and PostgreSQL).
import type { Selectable } from 'kysely';
import { type Db, transactionalStore } from '../db/connection.ts';
import type { Tables } from '../db/tables.ts';

export type SessionRow = Pick<Selectable<Tables['sessions']>, 'sid' | 'user_id' | 'ends_at' | 'grant_id'>;
/** The token that replaced a retired one. */
export type TokenReplacementRow = { dies_at_ms: number; jti: string; iat: number; exp: number };
/** What a refresh records: the retired token, until when it still works, and its one replacement. */
type Retirement = {
  jti: string;
  diesAtMs: number;
  exp: number;
  next: { jti: string; iat: number; exp: number };
};

const SESSION_COLUMNS = ['sid', 'user_id', 'ends_at', 'grant_id'] as const;

/** Ends the live sessions of a user or of an OIDC grant; answers the sids ended now. */
async function endLiveSessions(
  db: Db,
  column: 'user_id' | 'grant_id',
  value: number | string,
  nowS: number,
): Promise<string[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ ended_at: nowS })
    .where(column, '=', value)
    .where('ended_at', 'is', null)
    .returning('sid')
    .execute();
  return rows.map((row) => row.sid);
}

function operations(db: Db) {
  return {
    async insertSession(session: SessionRow, startedAt: number): Promise<void> {
      await db
        .insertInto('sessions')
        .values({ ...session, started_at: startedAt })
        .execute();
    },

    /** The session if it has not ended (its absolute end is for the caller to compare). Primary key. */
    async liveSession(sid: string): Promise<SessionRow | undefined> {
      return db
        .selectFrom('sessions')
        .select(SESSION_COLUMNS)
        .where('sid', '=', sid)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
    },

    /** A live session of this user on this OIDC grant (a silent renew continues it). */
    async liveSessionOfGrant(grantId: string, userId: number, nowS: number): Promise<SessionRow | undefined> {
      return db
        .selectFrom('sessions')
        .select(SESSION_COLUMNS)
        .where('grant_id', '=', grantId)
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .where('ends_at', '>', nowS)
        .orderBy('sid')
        .limit(1)
        .executeTakeFirst();
    },

    /** Ends one session; answers whether it was live until now. */
    async endSession(sid: string, nowS: number): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set({ ended_at: nowS })
        .where('sid', '=', sid)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Ends every live session of a user; answers the sids ended now. */
    endUserSessions: (userId: number, nowS: number): Promise<string[]> =>
      endLiveSessions(db, 'user_id', userId, nowS),

    /** Ends every live session on an OIDC grant; answers the sids ended now. */
    endGrantSessions: (grantId: string, nowS: number): Promise<string[]> =>
      endLiveSessions(db, 'grant_id', grantId, nowS),

    async purgeSessions(nowS: number): Promise<void> {
      await db.deleteFrom('sessions').where('ends_at', '<=', nowS).execute();
    },

    /** Whether the provider's grant (stored under the hash of its id) still exists and has not expired. */
    async liveGrant(storedGrantId: string, nowS: number): Promise<boolean> {
      const row = await db
        .selectFrom('oidc_store')
        .select('id')
        .where('model', '=', 'Grant')
        .where('id', '=', storedGrantId)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowS)]))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** When a retired token stops working (ms), or undefined for a token no refresh replaced. Primary key. */
    async retiredToken(jti: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('retired_tokens')
        .select('dies_at_ms')
        .where('jti', '=', jti)
        .executeTakeFirst();
      return row?.dies_at_ms;
    },

    /**
     * The first refresh of a token records its replacement; a later one (another tab, another instance)
     * changes nothing and reads the recorded one back (tokenReplacement).
     */
    async retireToken(retirement: Retirement): Promise<void> {
      await db
        .insertInto('retired_tokens')
        .values({
          jti: retirement.jti,
          dies_at_ms: retirement.diesAtMs,
          exp: retirement.exp,
          next_jti: retirement.next.jti,
          next_iat: retirement.next.iat,
          next_exp: retirement.next.exp,
        })
        .onConflict((conflict) =>
          conflict
            .column('jti')
            .doUpdateSet((eb) => ({
              next_jti: eb.ref('excluded.next_jti'),
              next_iat: eb.ref('excluded.next_iat'),
              next_exp: eb.ref('excluded.next_exp'),
            }))
            .where('retired_tokens.next_jti', 'is', null),
        )
        .execute();
    },

    async tokenReplacement(jti: string): Promise<TokenReplacementRow | undefined> {
      const row = await db
        .selectFrom('retired_tokens')
        .select(['dies_at_ms', 'next_jti', 'next_iat', 'next_exp'])
        .where('jti', '=', jti)
        .where('next_jti', 'is not', null)
        .executeTakeFirst();
      if (row?.next_jti == null || row.next_iat === null || row.next_exp === null) return undefined;
      return {
        dies_at_ms: row.dies_at_ms,
        jti: row.next_jti,
        iat: row.next_iat,
        exp: row.next_exp,
      };
    },

    async purgeRetired(nowS: number): Promise<void> {
      await db.deleteFrom('retired_tokens').where('exp', '<=', nowS).execute();
    },
  };
}

export function createSessionsStore(db: Db) {
  return transactionalStore(db, operations);
}

export type SessionsStore = ReturnType<typeof createSessionsStore>;
