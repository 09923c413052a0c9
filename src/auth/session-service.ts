import type { PortalConfig } from '../../schemas/portal-config.ts';
import { unauthorizedResponse } from '../api/base-query.ts';
import { gatewayApi } from '../api/gateway-api.ts';
import { specApi } from '../api/spec-endpoints.ts';
import type { AppStore } from '../runtime/store.ts';
import type { Logger } from '../logging/logger.ts';
import type { FeatureFlags } from '../manifest/flags.ts';
import { createSafeStorage } from '../session/safe-storage.ts';
import type { SelectedEntityStore } from '../session/selected-entity-storage.ts';
import { getTokenExpiry } from '../session/token.ts';
import type { TokenStore } from '../session/token-storage.ts';
import { browserStorage } from '../session/safe-storage.ts';
import type { CollaboratorIdentity } from './collaborator-identity.ts';
import { collaboratorIdentitySettings } from './collaborator-settings.ts';
import type { CollaboratorIdentitySettings } from './collaborator-settings.ts';
import { createInteractionFlag } from './interaction-flag.ts';
import type { InteractionFlag } from './interaction-flag.ts';
import { call, httpStatus } from './gateway-calls.ts';
import { routePath } from './landing.ts';
import { safeRedirectPath } from './redirect-target.ts';
import { createSessionActions } from './session-actions.ts';
import { GatewayUnavailableError, SessionRejectedError, loadUserContext } from './user-context.ts';
import { NoAccountError } from './identity-errors.ts';
import type { SessionContextActions } from './session-actions.ts';
import {
  sessionEnded,
  sessionUnauthenticated,
  sessionUnavailable,
  sessionResuming,
  signOutStarted,
} from '../runtime/session-slice.ts';
import type { CurrentUser } from '../runtime/session-slice.ts';

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

export type { LoginChoice } from './session-actions.ts';

/** The session's lifecycle: start, sign in, sign out, expiry. */
type SessionLifecycle = {
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
  signOut(): Promise<SignOutOutcome>;
  /** The default 401 handler: the session ends as expired (SPEC 4 'Session expiry'). */
  expireSession(): void;
  /** Whether `url` carries an identity provider answer (`code` or `error` with `state`). */
  hasRedirectResult(url: string): boolean;
  interactionFlag: InteractionFlag;
  /** Stops listening to other tabs and timers (tests, hot reload). */
  dispose(): void;
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
  loadIdentity?: (settings: CollaboratorIdentitySettings, logger: Logger) => Promise<CollaboratorIdentity>;
  /**
   * Signs the customer out of single sign-on; called only when the manifest's SSO flag is on (without it,
   * a sign-out with the flag on logs once that no single sign-on adapter is configured).
   */
  singleSignOut?: () => Promise<void>;
  /** Told who signed in and when they left (analytics). */
  onSignedIn?: (user: CurrentUser) => void;
  onSignedOut?: () => void;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  now?: () => number;
};

const defaultLoadIdentity = async (
  settings: CollaboratorIdentitySettings,
  logger: Logger,
): Promise<CollaboratorIdentity> => {
  const { createCollaboratorIdentity } = await import('./collaborator-identity.ts');
  return createCollaboratorIdentity({ settings, logger });
};

/** The wait of a 429 answer (`retryAfterS` of its body, as the gateway sends it), at least one second. */
function retryAfterSeconds(error: unknown): number {
  const data = typeof error === 'object' && error !== null && 'data' in error ? error.data : undefined;
  const value =
    typeof data === 'object' && data !== null && 'retryAfterS' in data ? data.retryAfterS : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(1, Math.ceil(value)) : 60;
}

// setTimeout cannot wait longer than about 24.8 days (2^31 - 1 ms).
const MAX_TIMER_MS = 2_147_483_647;

export function createSessionService(deps: SessionServiceDeps): SessionService {
  const { store, config, flags, logger, tokenStore, selectedEntityStore } = deps;
  const env = deps.env ?? {};
  const win = deps.window ?? window;
  const loadIdentity = deps.loadIdentity ?? defaultLoadIdentity;
  const schedule = deps.setTimeout ?? ((callback: () => void, ms: number) => win.setTimeout(callback, ms));
  const cancel = deps.clearTimeout ?? ((handle: unknown) => win.clearTimeout(handle as number));
  const now = deps.now ?? (() => tokenStore.now());
  const interactionFlag = createInteractionFlag(browserStorage('session', win), logger);
  const actions = createSessionActions({ store, config, flags, logger, selectedEntityStore, window: win });
  // Reads what is stored under the token key, active or not, to tell "expired" from "never signed in".
  const rawTokenStorage = createSafeStorage(config.session.storage, logger, win);
  let identity: Promise<CollaboratorIdentity> | null = null;
  let expiryTimer: unknown = null;
  // While the sign-out calls run: the token store's own clearing is not another tab's sign-out, and a 401
  // does not end the session as expired in the middle of it.
  let signingOut = false;
  let warnedNoSingleSignOut = false;

  function getIdentity(): Promise<CollaboratorIdentity> {
    identity ??= loadIdentity(
      collaboratorIdentitySettings(config, env, win.location, browserStorage('session', win)),
      logger,
    ).catch((error: unknown) => {
      identity = null;
      throw error;
    });
    return identity;
  }

  function isAuthenticated(): boolean {
    return store.getState().session.status === 'authenticated';
  }

  /** Forgets everything the previous user loaded, so the next one never sees it. */
  function forgetLoadedData(): void {
    store.dispatch(gatewayApi.util.resetApiState());
  }

  function scheduleExpiryCheck(): void {
    if (expiryTimer !== null) cancel(expiryTimer);
    expiryTimer = null;
    const token = tokenStore.get();
    if (token === null) return;
    // One second after expiry: a refresh made meanwhile has replaced the token and the check finds it.
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, getTokenExpiry(token, logger) * 1000 - now() + 1000));
    expiryTimer = schedule(() => {
      expiryTimer = null;
      if (!isAuthenticated()) return;
      if (tokenStore.get() === null) {
        logger.info('The session token expired');
        endLocally(true);
      } else {
        scheduleExpiryCheck();
      }
    }, delay);
  }

  function cancelExpiryCheck(): void {
    if (expiryTimer !== null) cancel(expiryTimer);
    expiryTimer = null;
  }

  function endLocally(expired: boolean, signedOutTo: string | null = null): void {
    const wasSignedIn = store.getState().session.user !== null;
    store.dispatch(sessionEnded({ expired, signedOutTo }));
    tokenStore.clear();
    selectedEntityStore.clear();
    forgetLoadedData();
    cancelExpiryCheck();
    if (wasSignedIn) deps.onSignedOut?.();
  }

  /** Loads the user context and starts the session (SPEC 4), then watches its expiry. */
  async function startSession(kind?: 'customer' | 'collaborator'): Promise<void> {
    const user = await store.dispatch(
      loadUserContext({
        kind,
        entitiesPageSize: config.constants.entitiesPageSize,
        logger,
        stillSignedIn: () => tokenStore.get() !== null,
      }),
    );
    scheduleExpiryCheck();
    deps.onSignedIn?.(user);
  }

  async function startWithToken(token: string, kind: 'customer' | 'collaborator'): Promise<void> {
    tokenStore.set(token);
    try {
      await startSession(kind);
    } catch (error) {
      // No session was started: nothing of this token stays, neither stored nor cached.
      tokenStore.clear();
      forgetLoadedData();
      throw error;
    }
  }

  async function exchange(accessToken: string): Promise<string> {
    const answer = await call(store.dispatch(specApi.endpoints.tokenExchange.initiate({ accessToken })));
    return answer.token;
  }

  async function signInCollaboratorWith(
    accessToken: string,
    redirect: string | null,
  ): Promise<SignInOutcome> {
    await startWithToken(await exchange(accessToken), 'collaborator');
    return { ok: true, to: actions.destinationAfterSignIn(redirect) };
  }

  async function signOutOfSingleSignOn(): Promise<void> {
    if (deps.singleSignOut === undefined) {
      if (!warnedNoSingleSignOut) {
        warnedNoSingleSignOut = true;
        logger.warn('Single sign-on is on but no single sign-on adapter is configured: not signed out of it');
      }
      return;
    }
    try {
      await deps.singleSignOut();
    } catch (error) {
      logger.warn('Single sign-on sign-out failed', error);
    }
  }

  // SPEC 4: a 401 on a request sent with a session token ends the session as expired.
  const stopListening = store.startListening({
    actionCreator: unauthorizedResponse,
    effect: () => {
      expireSession();
    },
  });

  function expireSession(): void {
    // Not signed in (a sign-in in progress fails on its own 401), or a sign-out is ending the session.
    if (signingOut || store.getState().session.status === 'anonymous') return;
    logger.warn('The session ended on a 401 answer');
    endLocally(true);
  }

  // Another tab signed out (or this one): leave too, without calling anything.
  const unsubscribe = tokenStore.subscribe((token) => {
    if (token === null && isAuthenticated() && !signingOut) {
      logger.info('Signed out in another tab');
      store.dispatch(sessionEnded({ expired: false }));
      forgetLoadedData();
      deps.onSignedOut?.();
    }
  });

  const lifecycle: SessionLifecycle = {
    interactionFlag,

    async bootstrap() {
      const raw = rawTokenStorage.read(config.session.tokenKey);
      const token = tokenStore.get();
      if (token === null) {
        // A token was kept but is no longer active: the session expired while the tab was closed or idle.
        store.dispatch(sessionEnded({ expired: raw !== null && raw !== '' }));
        return;
      }
      try {
        await startSession();
      } catch (error) {
        logger.error('Failed to load the user context', error);
        if (error instanceof SessionRejectedError) {
          // A 401: the session ends as expired (the 401 handler may have ended it already).
          if (store.getState().session.status !== 'anonymous' || tokenStore.get() !== null) endLocally(true);
        } else if (error instanceof GatewayUnavailableError && tokenStore.get() !== null) {
          // The gateway did not answer: nothing says the session is over. Keep the token; offer a retry.
          store.dispatch(sessionUnavailable());
        } else if (tokenStore.get() !== null) {
          store.dispatch(sessionUnauthenticated());
        }
      }
    },

    async retryBootstrap() {
      store.dispatch(sessionResuming());
      await lifecycle.bootstrap();
    },

    async signInCustomer({ email, password }, redirect = null) {
      interactionFlag.set('login');
      try {
        const answer = await call(store.dispatch(specApi.endpoints.login.initiate({ email, password })));
        await startWithToken(answer.token, 'customer');
        return { ok: true, to: actions.destinationAfterSignIn(redirect) };
      } catch (error) {
        if (error instanceof SessionRejectedError) {
          // The login was accepted but the new token was not: a failure, no session.
          logger.error('Customer sign-in failed: the new session was rejected', error);
          return { ok: false, reason: 'unavailable' };
        }
        const status = httpStatus(error);
        if (status === 401 || status === 400) return { ok: false, reason: 'invalid-credentials' };
        if (status === 429) return { ok: false, reason: 'throttled', retryAfterS: retryAfterSeconds(error) };
        logger.error('Customer sign-in failed', { status });
        return { ok: false, reason: 'unavailable' };
      } finally {
        interactionFlag.clear();
      }
    },

    async startCollaboratorSignIn(redirect = null) {
      const safe = safeRedirectPath(redirect, win.location.origin);
      try {
        const id = await getIdentity();
        // No account in this tab yet: the person signs in at the provider.
        const cached = await id.acquireTokenSilent({ allowFrame: false }).catch((error: unknown) => {
          if (error instanceof NoAccountError) return null;
          throw error;
        });
        if (cached !== null) return await signInCollaboratorWith(cached, safe);
        interactionFlag.set('login');
        await id.startSignIn({ redirect: safe });
        return 'redirecting';
      } catch (error) {
        interactionFlag.clear();
        logger.error('Collaborator sign-in could not start', error);
        return { ok: false, reason: 'unavailable' };
      }
    },

    async completeCollaboratorSignIn(url) {
      const flag = interactionFlag.get();
      if (!lifecycle.hasRedirectResult(url)) {
        // Back from the provider's sign-out (or a stale flag): the flag is simply cleared.
        if (flag !== null) interactionFlag.clear();
        return { ok: false, reason: 'no-result' };
      }
      if (flag !== 'login') {
        logger.warn('Ignoring a sign-in answer that no sign-in of this tab asked for');
        return { ok: false, reason: 'not-expected' };
      }
      try {
        const id = await getIdentity();
        const { accessToken, redirect } = await id.completeSignIn(url);
        return await signInCollaboratorWith(accessToken, redirect);
      } catch (error) {
        logger.error('Collaborator sign-in failed', error);
        return { ok: false, reason: 'unavailable' };
      } finally {
        interactionFlag.clear();
      }
    },

    async signOut() {
      const { user } = store.getState().session;
      const isCollab = user?.isCollab === true;
      const to = routePath(config, isCollab ? 'collaboratorLogin' : config.routing.loginRoute);
      // SPEC 4 order: the user leaves, the providers and the logout call, then token and entity. Nothing the
      // router reacts to changes until the calls are settled: meanwhile the session is only 'signingOut'.
      signingOut = true;
      cancelExpiryCheck();
      store.dispatch(signOutStarted());
      try {
        if (user?.isCustomer === true && flags[config.identity.customer.singleSignOnFlag] === true) {
          await signOutOfSingleSignOn();
        }
        if (tokenStore.get() !== null) {
          try {
            await call(
              store.dispatch(specApi.endpoints.logout.initiate({ gigyaUserId: user?.gigyaUserId ?? '' })),
            );
          } catch (error) {
            logger.warn('The logout call failed', { status: httpStatus(error) });
          }
        }
        if (!isCollab) {
          endLocally(false, to);
          return { redirected: false, to };
        }
        // Last, because it leaves the page: the provider ends its session and returns to /collaborateur.
        // The token and entity are gone before leaving; the session state stays 'signingOut' so the page
        // being left does not react (a guard would send it to the login page meanwhile).
        tokenStore.clear();
        selectedEntityStore.clear();
        try {
          const id = await getIdentity();
          interactionFlag.set('logout');
          await id.signOut();
          endLocally(false, to);
          return { redirected: true, to };
        } catch (error) {
          interactionFlag.clear();
          logger.warn('Provider sign-out failed', error);
          endLocally(false, to);
          return { redirected: false, to };
        }
      } finally {
        signingOut = false;
      }
    },

    expireSession,

    hasRedirectResult(url) {
      let params: URLSearchParams;
      try {
        params = new URL(url, win.location.origin).searchParams;
      } catch {
        return false;
      }
      return params.has('state') && (params.has('code') || params.has('error'));
    },

    dispose() {
      stopListening();
      unsubscribe();
      cancelExpiryCheck();
    },
  };
  return { ...lifecycle, ...actions };
}
