import { SignJWT, jwtVerify } from 'jose';
import { randomUUID } from 'node:crypto';
import type { SessionClaims } from '../../../kernel/contract/api.ts';
import type { InstanceBus } from '../db/instance-bus.ts';
import type { UserRow } from '../db/store.ts';
import { storedId } from './oidc-ids.ts';
import type { SessionRow, SessionsStore, TokenReplacementRow } from './sessions-store.ts';

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
  sessions: SessionsStore;
  /** Carries the ended sessions to every instance on the database (this one included). */
  bus: InstanceBus;
};

/** The bus channel of ended sessions: `{ sids: string[] }`. */
const SESSIONS_ENDED = 'gateway_sessions_ended';
/** Session ids per bus message (a uuid and its quotes: 39 bytes; well below the bus's limit). */
const SIDS_PER_MESSAGE = 150;

function isSidsMessage(payload: unknown): payload is { sids: string[] } {
  const sids = (payload as { sids?: unknown } | null)?.sids;
  return Array.isArray(sids) && sids.every((sid) => typeof sid === 'string');
}

/** How often (at most) a process deletes the sessions and retired tokens past their end. */
const PURGE_EVERY_MS = 3600_000;

/**
 * Sessions and retired tokens live in the database only: every instance asks it at each request (a
 * primary-key lookup each), so that a sign-out, a password change or a refresh on one instance holds on
 * every other at once. What this process keeps is a cache of verified signatures, which is safe: the
 * expiry, the retirement and the session are checked again each time.
 */
export function createSessionTokens(options: SessionTokenOptions) {
  const { secret, ttlS, sessionMaxAgeS, refreshGraceMs, sessions, bus } = options;
  // Verified tokens keyed by their string: skips the HMAC on hot paths; exp, retirement and the session
  // are still checked each time.
  const verified = new Map<string, SessionClaims>();
  /** Told which sessions ended, so that what lives on them (open event streams) ends at once too. */
  const endedListeners = new Set<(sids: readonly string[]) => void>();
  let purgedAt = Number.NEGATIVE_INFINITY;

  /** Deletes the sessions past their absolute end and the retired tokens past their expiry. */
  async function purge(): Promise<void> {
    purgedAt = Date.now();
    const nowS = Math.floor(purgedAt / 1000);
    await sessions.purgeRetired(nowS);
    await sessions.purgeSessions(nowS);
  }

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
    if (Date.now() - purgedAt >= PURGE_EVERY_MS) await purge();
    const nowS = Math.floor(Date.now() / 1000);
    // A silent renew exchanges a new access token of the same grant: the same sign-in, the same session
    // (so its sign-out and its absolute lifetime still cover every token).
    if (grantId !== undefined) {
      const same = await sessions.liveSessionOfGrant(grantId, user.id, nowS);
      if (same && (await liveSession(same.sid))) return signFor(user, same);
    }
    const session: SessionRow = {
      sid: randomUUID(),
      user_id: user.id,
      ends_at: nowS + sessionMaxAgeS,
      grant_id: grantId ?? null,
    };
    await sessions.insertSession(session, nowS);
    return signFor(user, session);
  }

  async function grantAlive(session: SessionRow): Promise<boolean> {
    if (session.grant_id === null) return true;
    return sessions.liveGrant(storedId(session.grant_id), Math.floor(Date.now() / 1000));
  }

  // Every instance hears the sessions ended on any of them (itself included) and tells its listeners, so
  // that an event stream it holds on one of them ends at once (its tokens are refused already: verify asks
  // the database).
  bus.subscribe(SESSIONS_ENDED, (payload) => {
    if (isSidsMessage(payload) && payload.sids.length > 0)
      for (const listener of endedListeners) listener(payload.sids);
  });

  async function tellEnded(sids: readonly string[]): Promise<void> {
    for (let start = 0; start < sids.length; start += SIDS_PER_MESSAGE)
      await bus.publish(SESSIONS_ENDED, { sids: sids.slice(start, start + SIDS_PER_MESSAGE) });
  }

  function onSessionsEnded(listener: (sids: readonly string[]) => void): () => void {
    endedListeners.add(listener);
    return () => endedListeners.delete(listener);
  }

  async function endSession(sid: string): Promise<void> {
    if (await sessions.endSession(sid, Math.floor(Date.now() / 1000))) await tellEnded([sid]);
  }

  /** Password change, "sign out everywhere": every session of the user ends. */
  async function endUserSessions(userId: number): Promise<void> {
    await tellEnded(await sessions.endUserSessions(userId, Math.floor(Date.now() / 1000)));
  }

  /** The identity provider revoked a grant: the portal sessions built on it end too. */
  async function endGrantSessions(grantId: string): Promise<void> {
    await tellEnded(await sessions.endGrantSessions(grantId, Math.floor(Date.now() / 1000)));
  }

  /** The session if it is live: not ended, its absolute end not reached, its OIDC grant (if any) alive. */
  async function liveSession(sid: string): Promise<SessionRow | undefined> {
    const session = await sessions.liveSession(sid);
    if (!session) return undefined;
    if (session.ends_at <= Date.now() / 1000 || !(await grantAlive(session))) {
      // Recorded as ended, so that the next lookup (here or on another instance) answers at once.
      if (session.grant_id !== null) await endGrantSessions(session.grant_id);
      await endSession(sid);
      return undefined;
    }
    return session;
  }

  async function verify(token: string): Promise<SessionClaims | null> {
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
    const refused = async (checked: SessionClaims): Promise<boolean> => {
      if (checked.exp * 1000 <= Date.now()) return true;
      const diesAt = await sessions.retiredToken(checked.jti);
      // Date.now() again: the lookups took their time.
      if (diesAt !== undefined && diesAt <= Date.now()) return true;
      return (await liveSession(checked.sid)) === undefined;
    };
    if (await refused(claims)) {
      verified.delete(token);
      return null;
    }
    return claims;
  }

  /** The newest token of the chain after a retired one (the one a tab that refreshed it holds now). */
  async function newestAfter(
    store: Pick<SessionsStore, 'tokenReplacement'>,
    jti: string,
  ): Promise<TokenReplacementRow | undefined> {
    let row = await store.tokenReplacement(jti);
    for (let hops = 0; row !== undefined && hops < CHAIN_LIMIT; hops += 1) {
      const after = await store.tokenReplacement(row.jti);
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
    const session = await liveSession(claims.sid);
    if (!session) return null;
    const nowMs = Date.now();
    const nowS = Math.floor(nowMs / 1000);
    const diesAt = Math.min(nowMs + refreshGraceMs, claims.exp * 1000);
    const candidate = { jti: randomUUID(), iat: nowS, exp: Math.min(nowS + ttlS, session.ends_at) };
    // Recorded and read back in one transaction that starts with the write: of concurrent refreshes of
    // this token, in this process or another instance, only the first one's replacement is recorded, and
    // every one of them answers it.
    const newest = await sessions.transaction(async (store) => {
      await store.retireToken({ jti: claims.jti, diesAtMs: diesAt, exp: claims.exp, next: candidate });
      return (await newestAfter(store, claims.jti)) ?? { ...candidate, dies_at_ms: 0 };
    });
    return signFor(user, session, newest);
  }

  return {
    startSession,
    refresh,
    verify,
    endSession,
    endUserSessions,
    endGrantSessions,
    onSessionsEnded,
    purge,
    ttlS,
  };
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;
