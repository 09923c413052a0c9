// The customers' single sign-on adapter (SPEC 1, 4): an OpenID Connect client of the configured provider.
// Loaded with a dynamic import when a customer chooses it (or signs out with it on): oidc-client-ts stays
// out of the client login's first JS.
import { UserManager } from 'oidc-client-ts';
import type { UserManagerSettings } from 'oidc-client-ts';
import { oidcClientSettings, redirectOf } from './oidc-client-settings.ts';
import type { SingleSignOnSettings } from './single-sign-on-settings.ts';

/** What the sign-in carries through the provider round trip. */
type SignInState = { redirect: string | null };

export type SingleSignOn = {
  /** Leaves the page for the provider's sign-in (authorization code with PKCE). */
  startSignIn(state: SignInState): Promise<void>;
  /** Processes `?code=&state=` on the callback page. */
  completeSignIn(url: string): Promise<{ accessToken: string; redirect: string | null }>;
  /** Whether this tab signed in through the provider (its identity is cached): only then is there a provider session to end. */
  isSignedIn(): Promise<boolean>;
  /** Ends the provider session (leaves the page) and comes back to the callback page. */
  signOut(): Promise<void>;
};

export type SingleSignOnManager = Pick<
  UserManager,
  'signinRedirect' | 'signinRedirectCallback' | 'getUser' | 'signoutRedirect'
>;

export function singleSignOnManagerSettings(
  settings: SingleSignOnSettings,
  storage: Storage,
): UserManagerSettings {
  return {
    ...oidcClientSettings(settings, storage),
    post_logout_redirect_uri: settings.redirectUri,
    // The provider's token is only exchanged for the portal session, which renews itself: no renewal here.
    automaticSilentRenew: false,
  };
}

export function createSingleSignOn(
  settings: SingleSignOnSettings,
  options: { storage?: Storage; manager?: SingleSignOnManager } = {},
): SingleSignOn {
  const manager =
    options.manager ??
    new UserManager(singleSignOnManagerSettings(settings, options.storage ?? window.sessionStorage));
  return {
    async startSignIn(state) {
      await manager.signinRedirect({ state });
    },
    async completeSignIn(url) {
      const user = await manager.signinRedirectCallback(url);
      return { accessToken: user.access_token, redirect: redirectOf(user.state) };
    },
    async isSignedIn() {
      return (await manager.getUser()) !== null;
    },
    async signOut() {
      // Sends the id token as a hint, so the provider signs out without asking and returns to the portal.
      await manager.signoutRedirect();
    },
  };
}
