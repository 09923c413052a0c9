import { SAFE_URL_ID } from './safe-url-id.ts';

/*
 * What an address in the manifest may be (issue 27, item 13). A published manifest is written at run time
 * by studio editors and loaded by every browser: an `http:` script or link can be rewritten on the way, a
 * `javascript:` one runs in the portal, and `//host` or `/\host` (which browsers read as `//host`) leave
 * the origin while looking like a path. So: `https://` with a plain host (no user part, which hides the
 * real host), or a path of the portal's own origin.
 */

/** Characters a URL never carries unencoded, and which would break out of an attribute or a log line. */
const rest = '[^\\s\\\\<>"]*';
const host = '[A-Za-z0-9.-]+(?::[0-9]{1,5})?';
const sameOriginPath = `/(?![/\\\\])${rest}`;

const SAFE_URL_PATTERN = `^(?:https://${host}(?:[/?#]${rest})?|${sameOriginPath})$`;
const SAME_ORIGIN_PATH_PATTERN = `^${sameOriginPath}$`;
// The identity provider of `npm start` and the tests listens on http://127.0.0.1: loopback never leaves
// the machine (as RFC 8252 allows for native clients), any other host must be https.
const IDENTITY_URL_PATTERN = `^(?:https://${host}|http://(?:127\\.0\\.0\\.1|localhost|\\[::1\\])(?::[0-9]{1,5})?)(?:[/?#]${rest})?$`;

/** An address the portal loads or links to: `https://…`, or a path of its own origin (`/…`). */
export const safeUrl = { type: 'string', pattern: SAFE_URL_PATTERN } as const;

/** `safeUrl` with its id, for `ajv.addSchema` before compiling widget options. */
export const safeUrlSchema = { $id: SAFE_URL_ID, type: 'string', pattern: SAFE_URL_PATTERN } as const;

/** A path of the portal's own origin: one leading `/`, never `//` nor `/\`. */
export const sameOriginPathUrl = { type: 'string', pattern: SAME_ORIGIN_PATH_PATTERN } as const;

/** An identity provider's address: `https://…`, or `http://` on the loopback interface only. */
export const identityUrl = { type: 'string', pattern: IDENTITY_URL_PATTERN } as const;

/**
 * What a refused address must be, in words, for the problems the validator reports (by pattern). A list
 * of pairs, not an object with computed keys, which bundlers keep in every chunk that imports this module.
 */
const URL_PATTERN_MESSAGES: readonly (readonly [string, UrlKind, string])[] = [
  [SAFE_URL_PATTERN, 'urlSafe', 'must be an https:// address or a path of this site (one leading "/")'],
  [SAME_ORIGIN_PATH_PATTERN, 'urlPath', 'must be a path of this site (one leading "/")'],
  [
    IDENTITY_URL_PATTERN,
    'urlIdentity',
    'must be an https:// address (http:// only on this machine: 127.0.0.1, localhost or [::1])',
  ],
];

/** Which address rule a pattern is, for a message in the reader's language (the studio's locales). */
export type UrlKind = 'urlSafe' | 'urlPath' | 'urlIdentity';

export function urlPatternKind(pattern: string): UrlKind | undefined {
  return URL_PATTERN_MESSAGES.find(([known]) => known === pattern)?.[1];
}

export function urlPatternMessage(pattern: string): string | undefined {
  return URL_PATTERN_MESSAGES.find(([known]) => known === pattern)?.[2];
}
