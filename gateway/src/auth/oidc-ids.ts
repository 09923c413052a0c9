// What the layers below the OIDC provider (oidc/) share with it: the ids of its two clients, and the key of
// its rows in oidc_store (the session tokens check that a collaborator's grant is still alive there).
import { createHash } from 'node:crypto';

// The provider's two clients; the manifest's identity.collaborator.clientId and
// identity.customer.singleSignOn.clientId name them.
export const COLLABORATOR_CLIENT_ID = 'portal';
/** Customers' single sign-on. */
export const CUSTOMER_CLIENT_ID = 'portal-customers';

/**
 * Rows are keyed by a hash of the provider's id: for tokens, codes and sessions the id is the secret
 * itself (the bearer value, the cookie), and a copy of the database must not be a bag of live tokens.
 */
export function storedId(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}
