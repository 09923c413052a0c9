// oidc-provider storage in the gateway's SQLite database, so provider sessions, grants and tokens
// survive a restart (the provider's bundled memory adapter is process-wide and capped at 1000 entries).
import type { Database } from 'better-sqlite3';
import { createHash } from 'node:crypto';
import type { AdapterPayload, OidcAdapter } from 'oidc-provider';

type Row = { payload: string; expires_at: number | null };

/**
 * Rows are keyed by a hash of the provider's id: for tokens, codes and sessions the id is the secret
 * itself (the bearer value, the cookie), and a copy of the database must not be a bag of live tokens.
 */
export function storedId(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

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

export function sqliteAdapter(db: Database): new (model: string) => OidcAdapter {
  const nowS = () => Math.floor(Date.now() / 1000);
  const q = {
    upsert: db.prepare<[string, string, string, number | null, string | null, string | null, string | null]>(
      `INSERT INTO oidc_store (model, id, payload, expires_at, grant_id, uid, user_code) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, expires_at = excluded.expires_at,
         grant_id = excluded.grant_id, uid = excluded.uid, user_code = excluded.user_code`,
    ),
    find: db.prepare<[string, string], Row>(
      'SELECT payload, expires_at FROM oidc_store WHERE model = ? AND id = ?',
    ),
    findByUid: db.prepare<[string, string], Row>(
      'SELECT payload, expires_at FROM oidc_store WHERE model = ? AND uid = ?',
    ),
    findByUserCode: db.prepare<[string, string], Row>(
      'SELECT payload, expires_at FROM oidc_store WHERE model = ? AND user_code = ?',
    ),
    consume: db.prepare<[number, string, string]>(
      "UPDATE oidc_store SET payload = json_set(payload, '$.consumed', ?) WHERE model = ? AND id = ?",
    ),
    destroy: db.prepare<[string, string]>('DELETE FROM oidc_store WHERE model = ? AND id = ?'),
    revokeByGrantId: db.prepare<[string]>('DELETE FROM oidc_store WHERE grant_id = ?'),
    purge: db.prepare<[number]>('DELETE FROM oidc_store WHERE expires_at IS NOT NULL AND expires_at <= ?'),
  };
  q.purge.run(nowS());

  const live = (row: Row | undefined): AdapterPayload | undefined =>
    row && (row.expires_at === null || row.expires_at > nowS())
      ? (JSON.parse(row.payload) as AdapterPayload)
      : undefined;

  return class SqliteAdapter implements OidcAdapter {
    private readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const stored = BEARER_MODELS.has(this.model) ? { ...payload, jti: undefined } : payload;
      q.upsert.run(
        this.model,
        storedId(id),
        JSON.stringify(stored),
        expiresIn === undefined ? null : nowS() + expiresIn,
        payload.grantId ?? null,
        payload.uid ?? null,
        payload.userCode ?? null,
      );
      return Promise.resolve();
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      const payload = live(q.find.get(this.model, storedId(id)));
      return Promise.resolve(payload && BEARER_MODELS.has(this.model) ? { ...payload, jti: id } : payload);
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return Promise.resolve(live(q.findByUid.get(this.model, uid)));
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return Promise.resolve(live(q.findByUserCode.get(this.model, userCode)));
    }

    consume(id: string): Promise<void> {
      q.consume.run(nowS(), this.model, storedId(id));
      return Promise.resolve();
    }

    destroy(id: string): Promise<void> {
      q.destroy.run(this.model, storedId(id));
      return Promise.resolve();
    }

    revokeByGrantId(grantId: string): Promise<void> {
      q.revokeByGrantId.run(grantId);
      return Promise.resolve();
    }
  };
}
