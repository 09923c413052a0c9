import { SignJWT, jwtVerify } from 'jose';
import { randomUUID } from 'node:crypto';
import type { SessionClaims } from '../../contract/api.ts';
import type { SessionRow, Store, TokenReplacementRow, UserRow } from '../db/store.ts';
import { storedId } from '../oidc/sqlite-adapter.ts';

const CACHE_LIMIT = 10_000;
/** Links followed from a retired token to the newest of its chain (a chain is a few links long). */
const CHAIN_LIMIT = 100;
/** iss and aud of every session token: a token signed for something else with the same key is refused. */
const SESSION_ISSUER = 'portal-gateway';
const SESSION_AUDIENCE = 'portal';

function isSessionClaims(payload: Record<string, unknown>): payload is SessionClaims {
  return (
    typeof payload['sub'] === 'string' &&
    typeof payload['email'] === 'string' &&
    typeof payload['gigyaUserId'] === 'string' &&
    typeof payload['isCustomer'] === 'boolean' &&
    typeof payload['iat'] === 'number' &&
    typeof payload['exp'] === 'number' &&
    typeof payload['jti'] === 'string' &&
    typeof payload['sid'] === 'string' &&
    typeof payload['iss'] === 'string' &&
    typeof payload['aud'] === 'string'
  );
}

export type SessionTokenOptions = {
  secret: Uint8Array;
  /** Lifetime of one token (s). */
  ttlS: number;
  /** Absolute lifetime of a sign-in (s): no refresh goes past it. */
  sessionMaxAgeS: number;
  /** How long a token replaced by a refresh still works, for the requests already in flight (ms). */
  refreshGraceMs: number;
  store: Store;
};

export function createSessionTokens(options: SessionTokenOptions) {
  const { secret, ttlS, sessionMaxAgeS, refreshGraceMs, store } = options;
  // Verified tokens keyed by their string: skips the HMAC on hot paths; exp, retirement and the session
  // are still checked each time.
  const verified = new Map<string, SessionClaims>();
  /** Live sessions by sid (not ended, absolute end not reached). */
  const live = new Map<string, SessionRow>();
  /** Tokens replaced by a refresh: jti → the moment they stop working (ms). */
  const retired = new Map<string, number>();
  /** Told which sessions ended, so that what lives on them (open event streams) ends at once too. */
  const endedListeners = new Set<(sids: readonly string[]) => void>();

  function loadRevocations(): void {
    live.clear();
    retired.clear();
    verified.clear();
    const nowS = Math.floor(Date.now() / 1000);
    store.q.purgeRetired.run(nowS);
    store.q.purgeSessions.run(nowS);
    for (const row of store.q.liveSessions.all(nowS)) live.set(row.sid, row);
    for (const row of store.q.retiredTokens.all(nowS)) retired.set(row.jti, row.dies_at_ms);
  }
  loadRevocations();

  /** A new token of the session; `as` signs a recorded one again (same jti, iat and exp: the same string). */
  async function signFor(user: UserRow, session: SessionRow, as?: TokenReplacementRow): Promise<string> {
    const nowS = Math.floor(Date.now() / 1000);
    return (
      new SignJWT({
        email: user.email,
        gigyaUserId: user.gigya_user_id,
        isCustomer: user.is_customer === 1,
        sid: session.sid,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(SESSION_ISSUER)
        .setAudience(SESSION_AUDIENCE)
        .setSubject(String(user.id))
        .setIssuedAt(as?.iat ?? nowS)
        // Never past the end of the sign-in.
        .setExpirationTime(as?.exp ?? Math.min(nowS + ttlS, session.ends_at))
        .setJti(as?.jti ?? randomUUID())
        .sign(secret)
    );
  }

  /** A new sign-in: a session row and its first token. grantId: the OIDC grant a collaborator's session lives on. */
  async function startSession(user: UserRow, grantId?: string): Promise<string> {
    const nowS = Math.floor(Date.now() / 1000);
    // A silent renew exchanges a new access token of the same grant: the same sign-in, the same session
    // (so its sign-out and its absolute lifetime still cover every token).
    if (grantId !== undefined) {
      const same = [...live.values()].find(
        (session) => session.grant_id === grantId && session.user_id === user.id,
      );
      if (same && liveSession(same.sid)) return signFor(user, same);
    }
    const session: SessionRow = {
      sid: randomUUID(),
      user_id: user.id,
      ends_at: nowS + sessionMaxAgeS,
      grant_id: grantId ?? null,
    };
    store.transaction(() =>
      store.q.insertSession.run(session.sid, user.id, nowS, session.ends_at, session.grant_id),
    );
    live.set(session.sid, session);
    return signFor(user, session);
  }

  function grantAlive(session: SessionRow): boolean {
    if (session.grant_id === null) return true;
    return store.q.liveGrant.get(storedId(session.grant_id), Math.floor(Date.now() / 1000)) !== undefined;
  }

  function endSessions(sids: readonly string[]): void {
    for (const sid of sids) live.delete(sid);
    if (sids.length > 0) for (const listener of endedListeners) listener(sids);
  }

  function onSessionsEnded(listener: (sids: readonly string[]) => void): () => void {
    endedListeners.add(listener);
    return () => endedListeners.delete(listener);
  }

  function endSession(sid: string): void {
    store.transaction(() => store.q.endSession.run(Math.floor(Date.now() / 1000), sid));
    endSessions([sid]);
  }

  /** Password change, "sign out everywhere": every session of the user ends. */
  function endUserSessions(userId: number): void {
    const rows = store.transaction(() => store.q.endUserSessions.all(Math.floor(Date.now() / 1000), userId));
    endSessions(rows.map((row) => row.sid));
  }

  /** The identity provider revoked a grant: the portal sessions built on it end too. */
  function endGrantSessions(grantId: string): void {
    const rows = store.transaction(() =>
      store.q.endGrantSessions.all(Math.floor(Date.now() / 1000), grantId),
    );
    endSessions(rows.map((row) => row.sid));
  }

  function liveSession(sid: string): SessionRow | undefined {
    const session = live.get(sid);
    if (!session) return undefined;
    if (session.ends_at <= Date.now() / 1000 || !grantAlive(session)) {
      if (session.grant_id !== null) endGrantSessions(session.grant_id);
      endSessions([sid]);
      return undefined;
    }
    return session;
  }

  async function verify(token: string): Promise<SessionClaims | null> {
    const nowMs = Date.now();
    let claims = verified.get(token);
    if (!claims) {
      try {
        // Only HS256 ("alg: none" and any other algorithm are refused), and only our issuer and audience.
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: SESSION_ISSUER,
          audience: SESSION_AUDIENCE,
        });
        if (!isSessionClaims(payload)) return null;
        claims = payload;
      } catch {
        return null;
      }
      if (verified.size >= CACHE_LIMIT) verified.clear();
      verified.set(token, claims);
    }
    const diesAt = retired.get(claims.jti);
    if (claims.exp * 1000 <= nowMs || (diesAt !== undefined && diesAt <= nowMs) || !liveSession(claims.sid)) {
      verified.delete(token);
      return null;
    }
    return claims;
  }

  /** The newest token of the chain after a retired one (the one a tab that refreshed it holds now). */
  function newestAfter(jti: string): TokenReplacementRow | undefined {
    let row = store.q.tokenReplacement.get(jti);
    for (let hops = 0; row !== undefined && hops < CHAIN_LIMIT; hops += 1) {
      const after = store.q.tokenReplacement.get(row.jti);
      if (after === undefined) break;
      row = after;
    }
    return row;
  }

  /**
   * The next token of the same session, or null when the session has ended or reached its absolute
   * lifetime. The presented token keeps working for a short grace only, and mints one replacement:
   * refreshed again in its grace (a second tab holding it, a retry), it answers the newest token of
   * that chain, never a second chain that would live on its own.
   */
  async function refresh(claims: SessionClaims, user: UserRow): Promise<string | null> {
    const session = liveSession(claims.sid);
    if (!session) return null;
    const nowMs = Date.now();
    const nowS = Math.floor(nowMs / 1000);
    const diesAt = Math.min(nowMs + refreshGraceMs, claims.exp * 1000);
    const candidate = { jti: randomUUID(), iat: nowS, exp: Math.min(nowS + ttlS, session.ends_at) };
    // Recorded and read back in one transaction before anything is awaited: of concurrent refreshes of
    // this token, in this process or another instance, only the first one's replacement is recorded.
    const next = store.transaction(() => {
      store.q.retireToken.run(claims.jti, diesAt, claims.exp, candidate.jti, candidate.iat, candidate.exp);
      const retiredAt = store.q.tokenReplacement.get(claims.jti)?.dies_at_ms ?? diesAt;
      return { diesAt: retiredAt, newest: newestAfter(claims.jti) ?? { ...candidate, dies_at_ms: 0 } };
    });
    retired.set(claims.jti, next.diesAt);
    return signFor(user, session, next.newest);
  }

  return {
    startSession,
    refresh,
    verify,
    endSession,
    endUserSessions,
    endGrantSessions,
    onSessionsEnded,
    loadRevocations,
    ttlS,
  };
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;
