// Loaded with a dynamic import from the collaborator pages only: oidc-client-ts stays out of the
// client login's chunk.
import { ErrorResponse, UserManager } from 'oidc-client-ts';
import type { User, UserManagerSettings } from 'oidc-client-ts';
import type { Logger } from '../logging/logger.ts';
import type { CollaboratorIdentitySettings } from './collaborator-settings.ts';
import { oidcClientSettings } from './oidc-client-settings.ts';
import { NoAccountError } from './identity-errors.ts';

/** What the sign-in carries through the provider round trip. */
type SignInState = { redirect: string | null };

type CompletedSignIn = { accessToken: string; redirect: string | null };

export type CollaboratorIdentity = {
  /** Leaves the page for the provider's sign-in (authorization code with PKCE). */
  startSignIn(state: SignInState): Promise<void>;
  /** Processes `?code=&state=` on the login page. */
  completeSignIn(url: string): Promise<CompletedSignIn>;
  /**
   * An access token without interaction, in the order cache, refresh token, hidden frame (SPEC 4).
   * Parallel calls share one attempt, so frame requests never run side by side; frame failures are
   * retried a bounded number of times. Null when the user has to sign in interactively; rejects with
   * NoAccountError when there is no account (no identity cached in this tab) to renew.
   */
  acquireTokenSilent(options?: { allowFrame?: boolean }): Promise<string | null>;
  /** Ends the provider session and comes back to the collaborator login page. */
  signOut(): Promise<void>;
  dispose(): void;
};

export type CollaboratorIdentityOptions = {
  settings: CollaboratorIdentitySettings;
  logger: Logger;
  /** Where the identity cache lives; session storage by default (SPEC 9). */
  storage?: Storage;
  /** For tests: a stand-in for oidc-client-ts's UserManager. */
  userManager?: UserManagerLike;
};

export type UserManagerLike = Pick<
  UserManager,
  'signinRedirect' | 'signinRedirectCallback' | 'signinSilent' | 'getUser' | 'signoutRedirect'
> & { stopSilentRenew(): void };

// The provider says the user must interact: retrying silently cannot help.
const INTERACTIVE_ERRORS = new Set([
  'login_required',
  'interaction_required',
  'consent_required',
  'account_selection_required',
]);

function isSignInState(value: unknown): value is SignInState {
  if (typeof value !== 'object' || value === null) return false;
  const redirect = (value as Partial<SignInState>).redirect;
  return redirect === null || typeof redirect === 'string';
}

export function userManagerSettings(
  settings: CollaboratorIdentitySettings,
  storage: Storage,
): UserManagerSettings {
  return {
    ...oidcClientSettings(settings, storage),
    silent_redirect_uri: settings.silentRedirectUri,
    post_logout_redirect_uri: settings.postLogoutRedirectUri,
    automaticSilentRenew: true,
    silentRequestTimeoutInSeconds: settings.silentRequestTimeoutInSeconds,
    accessTokenExpiringNotificationTimeInSeconds: settings.renewalOffsetSeconds,
  };
}

export function createCollaboratorIdentity(options: CollaboratorIdentityOptions): CollaboratorIdentity {
  const { settings, logger } = options;
  const manager: UserManagerLike =
    options.userManager ??
    new UserManager(userManagerSettings(settings, options.storage ?? window.sessionStorage));
  /** The attempt under way and whether it may use the hidden frame; later requests wait for it. */
  let inflight: { promise: Promise<string | null>; allowFrame: boolean } | null = null;

  async function fromFrameWithRetries(): Promise<string | null> {
    const attempts = 1 + settings.maxSilentRetries;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      try {
        // Forced: with a refresh token cached, the library would otherwise try that token again.
        const user = await manager.signinSilent({ forceIframeAuth: true });
        return user?.access_token ?? null;
      } catch (error) {
        if (error instanceof ErrorResponse && INTERACTIVE_ERRORS.has(error.error ?? '')) {
          logger.info('Silent sign-in needs the user', { error: error.error });
          return null;
        }
        logger.warn('Silent sign-in attempt failed', { attempt, of: attempts, error });
      }
    }
    return null;
  }

  async function acquire(allowFrame: boolean): Promise<string | null> {
    const cached: User | null = await manager.getUser();
    if (cached === null) throw new NoAccountError();
    if (!cached.expired && cached.access_token !== '') return cached.access_token;
    if (cached.refresh_token) {
      try {
        // signinSilent uses the refresh token when the cached user has one.
        const renewed = await manager.signinSilent();
        if (renewed !== null) return renewed.access_token;
      } catch (error) {
        logger.warn('Refreshing the identity with its refresh token failed', error);
      }
    }
    if (!allowFrame) return null;
    return fromFrameWithRetries();
  }

  return {
    async startSignIn(state) {
      await manager.signinRedirect({ state });
    },
    async completeSignIn(url) {
      const user = await manager.signinRedirectCallback(url);
      return {
        accessToken: user.access_token,
        redirect: isSignInState(user.state) ? user.state.redirect : null,
      };
    },
    acquireTokenSilent({ allowFrame = true } = {}) {
      // One attempt at a time (SPEC 4: parallel frame requests are queued). A request the attempt under
      // way answers shares it; one that may use the frame while that attempt may not waits for it and
      // goes on to the frame only if it found nothing.
      if (inflight !== null && (inflight.allowFrame || !allowFrame)) return inflight.promise;
      const before = inflight?.promise ?? Promise.resolve(null);
      const promise = before
        .catch(() => null)
        .then((token) => token ?? acquire(allowFrame))
        .finally(() => {
          if (inflight?.promise === promise) inflight = null;
        });
      inflight = { promise, allowFrame };
      return promise;
    },
    async signOut() {
      await manager.signoutRedirect();
    },
    dispose() {
      manager.stopSilentRenew();
    },
  };
}
