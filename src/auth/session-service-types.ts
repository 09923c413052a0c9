// The session service's contract: what it does (its lifecycle and the actions on a started session),
// what it answers, and what it is built from. The service itself is session-service.ts.
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import type { Logger } from '../logging/logger.ts';
import type { FeatureFlags } from '../manifest/flags.ts';
import type { CurrentUser } from '../store/session-slice.ts';
import type { AppStore } from '../store/store.ts';
import type { SelectedEntityStore } from '../session/selected-entity-storage.ts';
import type { TokenStore } from '../session/token-storage.ts';
import type { LoadIdentity } from './identity-steps.ts';
import type { LoadSingleSignOn } from './single-sign-on-steps.ts';
import type { SessionActionsDeps, SessionContextActions } from './session-actions.ts';

type SignInFailure = 'invalid-credentials' | 'unavailable' | 'no-result' | 'not-expected';

export type SignInOutcome =
  | { ok: true; /** Where to go now: the safe `redirect`, the terms page or the landing page. */ to: string }
  | { ok: false; reason: SignInFailure }
  /** Too many attempts (429): the gateway says how many seconds to wait. */
  | { ok: false; reason: 'throttled'; retryAfterS: number };

export type SignOutOutcome = {
  /** True when the page is leaving for the identity provider's sign-out. */
  redirected: boolean;
  /** The login page to show otherwise. */
  to: string;
};

/** The session's lifecycle: start, sign in, sign out (expiry and other tabs: expiry-listener.ts, tab-sync-listener.ts). */
export type SessionLifecycle = {
  /** At start: stored active token → user context → authenticated; no token → anonymous. */
  bootstrap(): Promise<void>;
  /** Resumes the stored session again after the gateway could not be reached ('unavailable'). */
  retryBootstrap(): Promise<void>;
  signInCustomer(
    credentials: { email: string; password: string },
    redirect?: string | null,
  ): Promise<SignInOutcome>;
  /** Signs in from the cached identity when possible, else leaves for the provider (resolves 'redirecting'). */
  startCollaboratorSignIn(redirect?: string | null): Promise<SignInOutcome | 'redirecting'>;
  /** On the collaborator login page: processes `?code=&state=` only while a sign-in is in progress. */
  completeCollaboratorSignIn(url: string): Promise<SignInOutcome>;
  /** Whether the client login offers single sign-on: its flag is on and the manifest configures an adapter. */
  singleSignOnAvailable(): boolean;
  /** Leaves for the single sign-on provider (resolves 'redirecting'); loads its library on first use. */
  startCustomerSingleSignOn(redirect?: string | null): Promise<SignInOutcome | 'redirecting'>;
  /**
   * On the single sign-on callback page: processes `?code=&state=` only while a sign-in is in progress;
   * without an answer (back from the provider's sign-out) the flag is cleared and the reason is 'no-result'.
   */
  completeCustomerSingleSignOn(url: string): Promise<SignInOutcome>;
  signOut(): Promise<SignOutOutcome>;
};

/** The lifecycle and the actions on a started session (session-actions.ts), as the screens see them. */
export type SessionService = SessionLifecycle & SessionContextActions;

type SessionStoreLike = Pick<AppStore, 'dispatch' | 'getState' | 'startListening'>;

export type SessionServiceDeps = {
  store: SessionStoreLike;
  config: PortalConfig;
  flags: FeatureFlags;
  logger: Logger;
  tokenStore: TokenStore;
  selectedEntityStore: SelectedEntityStore;
  env?: Readonly<Record<string, unknown>>;
  window?: Window;
  /** Builds the collaborator identity; the default imports oidc-client-ts on first use only. */
  loadIdentity?: LoadIdentity;
  /** Builds the customers' single sign-on adapter; the default imports oidc-client-ts on first use only. */
  loadSingleSignOn?: LoadSingleSignOn;
  /** Told who signed in and when they left (analytics). */
  onSignedIn?: (user: CurrentUser) => void;
  onSignedOut?: () => void;
  /** See SessionActionsDeps: the page's code warmed up while an entity is being selected. */
  beforeEntitySelected?: SessionActionsDeps['beforeEntitySelected'];
};
