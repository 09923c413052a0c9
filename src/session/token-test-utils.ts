// Test helpers: build unsigned tokens; the client never checks signatures, the gateway does.

export function base64UrlEncode(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

export function makeToken(payload: Record<string, unknown>): string {
  return `${base64UrlEncode(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64UrlEncode(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

/** A token expiring `secondsFromNow` after `nowMs`. */
export function tokenExpiringIn(
  secondsFromNow: number,
  nowMs: number,
  extra: Record<string, unknown> = {},
): string {
  return makeToken({ sub: 'user-1', exp: Math.floor(nowMs / 1000) + secondsFromNow, ...extra });
}
