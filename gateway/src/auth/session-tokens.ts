import { SignJWT, jwtVerify } from 'jose';
import { randomUUID } from 'node:crypto';
import type { SessionClaims } from '../../contract/api.ts';
import type { Store, UserRow } from '../db/store.ts';

const CACHE_LIMIT = 10_000;

function isSessionClaims(payload: Record<string, unknown>): payload is SessionClaims {
  return (
    typeof payload['sub'] === 'string' &&
    typeof payload['email'] === 'string' &&
    typeof payload['gigyaUserId'] === 'string' &&
    typeof payload['isCustomer'] === 'boolean' &&
    typeof payload['iat'] === 'number' &&
    typeof payload['exp'] === 'number' &&
    typeof payload['jti'] === 'string'
  );
}

export function createSessionTokens(options: { secret: Uint8Array; ttlS: number; store: Store }) {
  const { secret, ttlS, store } = options;
  // Verified tokens keyed by their string: skips the HMAC on hot paths; exp and revocation are still checked each time.
  const verified = new Map<string, SessionClaims>();
  const revoked = new Set<string>();

  function loadRevocations(): void {
    revoked.clear();
    verified.clear();
    const nowS = Math.floor(Date.now() / 1000);
    store.q.purgeRevoked.run(nowS);
    for (const row of store.q.revokedJtis.all(nowS)) revoked.add(row.jti);
  }
  loadRevocations();

  async function sign(user: UserRow): Promise<string> {
    return new SignJWT({
      email: user.email,
      gigyaUserId: user.gigya_user_id,
      isCustomer: user.is_customer === 1,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlS)
      .setJti(randomUUID())
      .sign(secret);
  }

  async function verify(token: string): Promise<SessionClaims | null> {
    const nowS = Date.now() / 1000;
    let claims = verified.get(token);
    if (!claims) {
      try {
        // Only HS256: "alg: none" and any other algorithm are refused by jose.
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
        if (!isSessionClaims(payload)) return null;
        claims = payload;
      } catch {
        return null;
      }
      if (verified.size >= CACHE_LIMIT) verified.clear();
      verified.set(token, claims);
    }
    if (claims.exp <= nowS || revoked.has(claims.jti)) {
      verified.delete(token);
      return null;
    }
    return claims;
  }

  function revoke(claims: SessionClaims): void {
    store.transaction(() => store.q.revoke.run(claims.jti, claims.exp));
    revoked.add(claims.jti);
  }

  return { sign, verify, revoke, loadRevocations, ttlS };
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;
