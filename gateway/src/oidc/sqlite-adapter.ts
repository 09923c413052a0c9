// oidc-provider storage in the gateway's SQLite database, so provider sessions, grants and tokens
// survive a restart (the provider's bundled memory adapter is process-wide and capped at 1000 entries).
import type { Database } from 'better-sqlite3';
import type { AdapterPayload, OidcAdapter } from 'oidc-provider';

type Row = { payload: string; expires_at: number | null };

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
      q.upsert.run(
        this.model,
        id,
        JSON.stringify(payload),
        expiresIn === undefined ? null : nowS() + expiresIn,
        payload.grantId ?? null,
        payload.uid ?? null,
        payload.userCode ?? null,
      );
      return Promise.resolve();
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return Promise.resolve(live(q.find.get(this.model, id)));
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return Promise.resolve(live(q.findByUid.get(this.model, uid)));
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return Promise.resolve(live(q.findByUserCode.get(this.model, userCode)));
    }

    consume(id: string): Promise<void> {
      q.consume.run(nowS(), this.model, id);
      return Promise.resolve();
    }

    destroy(id: string): Promise<void> {
      q.destroy.run(this.model, id);
      return Promise.resolve();
    }

    revokeByGrantId(grantId: string): Promise<void> {
      q.revokeByGrantId.run(grantId);
      return Promise.resolve();
    }
  };
}
