import type { Logger } from '../logging/logger.ts';
import { logger as sharedLogger } from '../logging/logger.ts';

export type TokenPayload = Readonly<Record<string, unknown>>;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The payload of a token, or null when it is not a string of three non-empty dot-separated parts
 * whose middle part is base64url-encoded UTF-8 JSON of an object. Never throws.
 * An absent token (null, undefined, '') is simply null; anything else that fails is logged.
 */
export function decodeToken(value: unknown, log: Logger = sharedLogger): TokenPayload | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    const payload = parsePayload(value);
    if (payload === null) log.error('Failed to decode token');
    return payload;
  } catch {
    log.error('Failed to decode token');
    return null;
  }
}

function parsePayload(value: unknown): TokenPayload | null {
  if (typeof value !== 'string') return null;
  const parts = value.split('.');
  if (parts.length !== 3 || parts.some((part) => part.length === 0)) return null;
  const json = decodeBase64Url(parts[1] ?? '');
  if (json === null) return null;
  const parsed: unknown = JSON.parse(json);
  return isPlainObject(parsed) ? parsed : null;
}

function decodeBase64Url(part: string): string | null {
  if (!BASE64URL.test(part)) return null;
  const unpadded = part.replace(/=+$/, '');
  // A length of 1 modulo 4 cannot be produced by any byte sequence; padding, when present, must be exact.
  if (unpadded.length % 4 === 1) return null;
  if (unpadded.length !== part.length && part.length % 4 !== 0) return null;
  const base64 = unpadded.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return utf8.decode(bytes);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `exp` claim in seconds, or 0 when the token is invalid or has no numeric expiry. */
export function getTokenExpiry(token: unknown, log?: Logger): number {
  const payload = decodeToken(token, log);
  const exp = payload?.['exp'];
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : 0;
}

/** The `iat` claim in seconds, or null when absent. */
export function getTokenIssuedAt(token: unknown, log?: Logger): number | null {
  const iat = decodeToken(token, log)?.['iat'];
  return typeof iat === 'number' && Number.isFinite(iat) ? iat : null;
}

/** Active only while the expiry is strictly later than now: a token expiring exactly now is inactive. */
export function isTokenActive(token: unknown, nowMs: number = Date.now(), log?: Logger): boolean {
  return getTokenExpiry(token, log) * 1000 > nowMs;
}

/** Whole minutes left before expiry, rounded down, never below 0. */
export function minutesRemaining(token: unknown, nowMs: number = Date.now(), log?: Logger): number {
  const remainingMs = getTokenExpiry(token, log) * 1000 - nowMs;
  return remainingMs > 0 ? Math.floor(remainingMs / 60_000) : 0;
}

/** True when the token expires in under `ms` from now (an invalid token counts as expired). */
export function expiresWithin(token: unknown, ms: number, nowMs: number = Date.now(), log?: Logger): boolean {
  return getTokenExpiry(token, log) * 1000 - nowMs < ms;
}
