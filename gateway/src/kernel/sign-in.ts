// The password check of both sign-ins (the customers' login call and the OIDC provider's password step):
// throttled per (account, address), per address and, much higher, per account before any hashing; bounded
// hashing; re-hash of old hashes.
import type { UserRow } from '../db/store.ts';
import type { Deps } from './deps.ts';
import { HashQueueFull } from '../auth/passwords.ts';
import { type Limit, TooManyRequests } from '../auth/throttle.ts';

const normalEmail = (email: string) => email.trim().toLowerCase();
export const accountKey = (email: string) => `account:${normalEmail(email)}`;
export const addressKey = (kind: string, address: string) => `${kind}:${address}`;
export const accountAddressKey = (email: string, address: string) =>
  `account-address:${normalEmail(email)}|${address}`;
const knownAddressKey = (email: string, address: string) => `signed-in:${normalEmail(email)}|${address}`;

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
  const keys: [string, Limit][] = [
    [accountAddressKey(email, address), limits.loginPerAccountAddress],
    [addressKey('login', address), limits.loginPerAddress],
  ];
  // The ceiling over every address is the one an attacker could fill for their victim: it spares the
  // addresses the account signed in from lately.
  if (!(await throttle.happened(knownAddressKey(email, address), limits.knownAddressMs)))
    keys.push([accountKey(email), limits.loginPerAccount]);
  const giveBack = await throttle.take(keys);
  const user = await store.users.byEmail(email.trim());
  let valid: boolean;
  try {
    valid = await hasher.verify(password, user?.password_hash);
  } catch (error) {
    await giveBack();
    if (error instanceof HashQueueFull) throw new TooManyRequests(1);
    throw error;
  }
  if (!user || !valid) return null;
  await giveBack();
  // Whoever knows the password at this address made the failures counted there; the address's own
  // count stays (signing in to one's own account must not buy more guesses at others).
  await throttle.clear(accountAddressKey(email, address));
  await throttle.note(knownAddressKey(email, address), limits.knownAddressMs);
  if (hasher.needsRehash(user.password_hash)) {
    // Stored with older, weaker parameters: the password is known right now, so store today's hash.
    const rehashed = await hasher.hash(password);
    await store.users.replacePasswordHash(user.id, rehashed, user.password_hash);
  }
  return user;
}
