// Loopback origins on any port, since the portal's dev, preview and test servers pick their ports.
const LOOPBACK = String.raw`http://(?:127\.0\.0\.1|localhost)(?::\d{1,5})?`;

/** Collaborators' sign-in callbacks: /collaborateur, /{app}/collaborateur, or the silent renew page. */
const REDIRECT_URI = new RegExp(
  `^${LOOPBACK}(?:/(?:hermes|hades|orion|orphee|transverse))?/collaborateur$|^${LOOPBACK}/silent-renew\\.html$`,
);

/** After a collaborator's sign-out: back to either login page. */
const POST_LOGOUT_REDIRECT_URI = new RegExp(`^${LOOPBACK}/(?:collaborateur|login)$`);

/** Customers' single sign-on: its callback page only, before and after sign-out (or the client login). */
const CUSTOMER_REDIRECT_URI = new RegExp(`^${LOOPBACK}/sso$`);
const CUSTOMER_POST_LOGOUT_REDIRECT_URI = new RegExp(`^${LOOPBACK}/(?:sso|login)$`);

import { CUSTOMER_CLIENT_ID } from '../auth/oidc-ids.ts';

type ClientLike = { clientId: string };

/** Each client gets its own callbacks: a customer code never lands on the collaborator page, nor back. */
export function isAllowedRedirectUri(this: ClientLike, uri: string): boolean {
  return (this.clientId === CUSTOMER_CLIENT_ID ? CUSTOMER_REDIRECT_URI : REDIRECT_URI).test(uri);
}

export function isAllowedPostLogoutRedirectUri(this: ClientLike, uri: string): boolean {
  return (
    this.clientId === CUSTOMER_CLIENT_ID ? CUSTOMER_POST_LOGOUT_REDIRECT_URI : POST_LOGOUT_REDIRECT_URI
  ).test(uri);
}
