import { createHash } from 'node:crypto';

/**
 * The identity of a manifest's content: the same function runs in the build (the built-in manifest's
 * etag) and here, so a portal whose built-in manifest is the published one downloads nothing more.
 * `text` is JSON.stringify of the parsed manifest (key order kept, no spaces).
 */
export function manifestEtag(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}
