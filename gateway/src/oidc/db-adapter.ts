// oidc-provider storage in the gateway's database (SQLite or PostgreSQL, table oidc_store), so provider
// sessions, grants and tokens survive a restart and are shared by every instance of the gateway (the
// provider's bundled memory adapter is process-wide and capped at 1000 entries). Portable SQL. Rows are
// keyed by storedId (auth/oidc-ids.ts), a hash of the provider's id.
import type { AdapterPayload, OidcAdapter } from 'oidc-provider';
import { storedId } from '../auth/oidc-ids.ts';
import { type Db, inTransaction } from '../db/connection.ts';

// Models found by their id only: their payload's jti (the bearer value itself) is not stored, and is put
// back from the id the provider asks for.
const BEARER_MODELS = new Set([
  'AccessToken',
  'RefreshToken',
  'AuthorizationCode',
  'ClientCredentials',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PushedAuthorizationRequest',
]);

type Row = { payload: string; expires_at: number | null };

const nowS = () => Math.floor(Date.now() / 1000);

function live(row: Row | undefined): AdapterPayload | undefined {
  return row && (row.expires_at === null || row.expires_at > nowS())
    ? (JSON.parse(row.payload) as AdapterPayload)
    : undefined;
}

/** Deletes what has expired (at start: the provider asks for live entries only, `live` checks each). */
export async function purgeOidcStore(db: Db): Promise<void> {
  await db
    .deleteFrom('oidc_store')
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', nowS())
    .execute();
}

/** The provider's adapter class over the database: every instance of the gateway sees the same entries. */
export function dbAdapter(db: Db): new (model: string) => OidcAdapter {
  return class DbAdapter implements OidcAdapter {
    private readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const stored = BEARER_MODELS.has(this.model) ? { ...payload, jti: undefined } : payload;
      await db
        .insertInto('oidc_store')
        .values({
          model: this.model,
          id: storedId(id),
          payload: JSON.stringify(stored),
          expires_at: expiresIn === undefined ? null : nowS() + expiresIn,
          grant_id: payload.grantId ?? null,
          uid: payload.uid ?? null,
          user_code: payload.userCode ?? null,
        })
        .onConflict((conflict) =>
          conflict.columns(['model', 'id']).doUpdateSet((eb) => ({
            payload: eb.ref('excluded.payload'),
            expires_at: eb.ref('excluded.expires_at'),
            grant_id: eb.ref('excluded.grant_id'),
            uid: eb.ref('excluded.uid'),
            user_code: eb.ref('excluded.user_code'),
          })),
        )
        .execute();
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const payload = await this.findLiveBy('id', storedId(id));
      return payload && BEARER_MODELS.has(this.model) ? { ...payload, jti: id } : payload;
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findLiveBy('uid', uid);
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findLiveBy('user_code', userCode);
    }

    private async findLiveBy(
      column: 'id' | 'uid' | 'user_code',
      value: string,
    ): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidc_store')
        .select(['payload', 'expires_at'])
        .where('model', '=', this.model)
        .where(column, '=', value)
        .executeTakeFirst();
      return live(row);
    }

    /**
     * Marks a code or token used. The payload is JSON text on both databases: read, changed and written
     * back in one transaction that starts with a write (a row lock on PostgreSQL, the write lock on
     * SQLite), so a concurrent change of the same entry is not lost.
     */
    async consume(id: string): Promise<void> {
      const model = this.model;
      const key = storedId(id);
      await inTransaction(db, async (trx) => {
        await trx
          .updateTable('oidc_store')
          .set((eb) => ({ payload: eb.ref('payload') }))
          .where('model', '=', model)
          .where('id', '=', key)
          .execute();
        const row = await trx
          .selectFrom('oidc_store')
          .select('payload')
          .where('model', '=', model)
          .where('id', '=', key)
          .executeTakeFirst();
        if (row === undefined) return;
        const payload = JSON.parse(row.payload) as AdapterPayload;
        await trx
          .updateTable('oidc_store')
          .set({ payload: JSON.stringify({ ...payload, consumed: nowS() }) })
          .where('model', '=', model)
          .where('id', '=', key)
          .execute();
      });
    }

    async destroy(id: string): Promise<void> {
      await db
        .deleteFrom('oidc_store')
        .where('model', '=', this.model)
        .where('id', '=', storedId(id))
        .execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_store').where('grant_id', '=', grantId).execute();
    }
  };
}
