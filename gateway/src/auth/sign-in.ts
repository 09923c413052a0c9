// The password check of both sign-ins (the customers' login call and the OIDC provider's password step):
// throttled per account and per address before any hashing, bounded hashing, re-hash of old hashes.
import type { UserRow } from '../db/store.ts';
import type { Deps } from '../routes/deps.ts';
import { HashQueueFull } from './passwords.ts';
import { TooManyRequests } from './throttle.ts';

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressKey = (kind: string, address: string) => `${kind}:${address}`;

/**
 * The user whose password this is, or null. 429 (TooManyRequests) when the account or the address has
 * used its attempts, or when so many passwords are being checked that this one would wait too long.
 */
export async function checkPassword(
  deps: Pick<Deps, 'store' | 'hasher' | 'throttle' | 'limits' | 'log'>,
  email: string,
  password: string,
  address: string,
): Promise<UserRow | null> {
  const { store, hasher, throttle, limits } = deps;
  const giveBack = throttle.take([
    [accountKey(email), limits.loginPerAccount],
    [addressKey('login', address), limits.loginPerAddress],
  ]);
  const user = store.q.userByEmail.get(email.trim());
  let valid: boolean;
  try {
    valid = await hasher.verify(password, user?.password_hash);
  } catch (error) {
    giveBack();
    if (error instanceof HashQueueFull) throw new TooManyRequests(1);
    throw error;
  }
  if (!user || !valid) return null;
  giveBack();
  if (hasher.needsRehash(user.password_hash)) {
    // Stored with older, weaker parameters: the password is known right now, so store today's hash.
    const rehashed = await hasher.hash(password);
    store.transaction(() => store.q.replacePasswordHash.run(rehashed, user.id, user.password_hash));
  }
  return user;
}
