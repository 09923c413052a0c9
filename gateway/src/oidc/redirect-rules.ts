// Loopback origins on any port, since the portal's dev, preview and test servers pick their ports.
const LOOPBACK = String.raw`http://(?:127\.0\.0\.1|localhost)(?::\d{1,5})?`;

/** Sign-in callbacks: /collaborateur, /{app}/collaborateur, or the silent renew page. */
const REDIRECT_URI = new RegExp(
  `^${LOOPBACK}(?:/(?:hermes|hades|orion|orphee|transverse))?/collaborateur$|^${LOOPBACK}/silent-renew\\.html$`,
);

/** After sign-out: back to either login page. */
const POST_LOGOUT_REDIRECT_URI = new RegExp(`^${LOOPBACK}/(?:collaborateur|login)$`);

export function isAllowedRedirectUri(uri: string): boolean {
  return REDIRECT_URI.test(uri);
}

export function isAllowedPostLogoutRedirectUri(uri: string): boolean {
  return POST_LOGOUT_REDIRECT_URI.test(uri);
}
