import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { PortalConfig } from '../../schemas/portal-config.ts';
import { gatewayApi } from '../api/gateway-api.ts';
import { specApi } from '../api/spec-endpoints.ts';
import type {
  Contact,
  EntityPage,
  EntitySummary,
  Permissions,
  TermsAcceptance,
  UserInformation,
} from '../api/types.ts';
import { selectConditionContext } from '../runtime/condition-context.ts';
import type { AppDispatch, RootState } from '../runtime/store.ts';
import type { Logger } from '../logging/logger.ts';
import type { FeatureFlags } from '../manifest/flags.ts';
import { createSafeStorage } from '../session/safe-storage.ts';
import type { SelectedEntityStore } from '../session/selected-entity-storage.ts';
import { getTokenExpiry } from '../session/token.ts';
import type { TokenStore } from '../session/token-storage.ts';
import { tabStorage } from './application-prefix.ts';
import type { CollaboratorIdentity } from './collaborator-identity.ts';
import { collaboratorIdentitySettings } from './collaborator-settings.ts';
import type { CollaboratorIdentitySettings } from './collaborator-settings.ts';
import { createInteractionFlag } from './interaction-flag.ts';
import type { InteractionFlag } from './interaction-flag.ts';
import { landingPath, routePath } from './landing.ts';
import { safeRedirectPath } from './redirect-target.ts';
import {
  entityCleared,
  entitySelected,
  sessionEnded,
  sessionStarted,
  sessionUnauthenticated,
  sessionUnavailable,
  sessionResuming,
  signOutStarted,
  termsAccepted,
} from '../runtime/session-slice.ts';
import type { CurrentUser } from '../runtime/session-slice.ts';

type SignInFailure = 'invalid-credentials' | 'unavailable' | 'no-result' | 'not-expected';

export type SignInOutcome =
  | { ok: true; /** Where to go now: the safe `redirect`, the terms page or the landing page. */ to: string }
  | { ok: false; reason: SignInFailure }
  /** Too many attempts (429): the gateway says how many seconds to wait. */
  | { ok: false; reason: 'throttled'; retryAfterS: number };

type TermsCheckResult = { state: 'current' } | { state: 'required'; termsId: number };

export type SignOutOutcome = {
  /** True when the page is leaving for the identity provider's sign-out. */
  redirected: boolean;
  /** The login page to show otherwise. */
  to: string;
};

/** The user's login page from `GET userorigin` (SPEC 2): 'COLLAB' → collaborator login, else client login. */
export type LoginChoice = 'client' | 'collaborator';

export type SessionService = {
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
  /** Loads the entity's permissions, summary and report count, then stores it; rejects on failure (→ 403). */
  selectEntity(entityId: number): Promise<void>;
  clearEntity(): void;
  acceptTerms(termsId: number): Promise<void>;
  /**
   * Whether the signed-in customer must accept the terms: answered from the session (checked at sign-in),
   * asking `currentuser/terms` only when the session does not know; collaborators are never asked.
   */
  checkTerms(): Promise<TermsCheckResult>;
  /** A page of the user's entities (the entity switcher). */
  listEntities(args: { search?: string; pageSize: number }): Promise<readonly EntitySummary[]>;
  chooseLoginPage(): Promise<LoginChoice>;
  /** Where a signed-in user goes: the safe redirect, else the terms page when due, else the landing page. */
  destinationAfterSignIn(redirect: string | null | undefined): string;
  /** Whether `url` carries an identity provider answer (`code` or `error` with `state`). */
  hasRedirectResult(url: string): boolean;
  interactionFlag: InteractionFlag;
  /** Stops listening to other tabs and timers (tests, hot reload). */
  dispose(): void;
};

type SessionStoreLike = { dispatch: AppDispatch; getState: () => RootState };

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

type UnwrappableResult<T> = { unwrap(): Promise<T>; unsubscribe?: () => void };

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

function httpStatus(error: unknown): number | string | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    return (error as FetchBaseQueryError).status;
  }
  return undefined;
}

/** The gateway answered 401 to a call of the user context: the token is not accepted, no session starts. */
class SessionRejectedError extends Error {
  override readonly name = 'SessionRejectedError';
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

// setTimeout cannot wait longer than about 24.8 days (2^31 - 1 ms).
const MAX_TIMER_MS = 2_147_483_647;

/** The gateway could not be reached while loading the user context (network, timeout or 5xx). */
class GatewayUnavailableError extends Error {
  override readonly name = 'GatewayUnavailableError';
  constructor() {
    super('The gateway could not be reached to load the user context');
  }
}

function isUnreachable(status: unknown): boolean {
  return typeof status === 'number' ? status >= 500 : status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR';
}

export function createSessionService(deps: SessionServiceDeps): SessionService {
  const { store, config, flags, logger, tokenStore, selectedEntityStore } = deps;
  const env = deps.env ?? {};
  const win = deps.window ?? window;
  const loadIdentity = deps.loadIdentity ?? defaultLoadIdentity;
  const schedule = deps.setTimeout ?? ((callback: () => void, ms: number) => win.setTimeout(callback, ms));
  const cancel = deps.clearTimeout ?? ((handle: unknown) => win.clearTimeout(handle as number));
  const now = deps.now ?? (() => tokenStore.now());
  const interactionFlag = createInteractionFlag(tabStorage(win), logger);
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
      collaboratorIdentitySettings(config, env, win.location, tabStorage(win)),
      logger,
    ).catch((error: unknown) => {
      identity = null;
      throw error;
    });
    return identity;
  }

  async function call<T>(result: UnwrappableResult<T>): Promise<T> {
    try {
      return await result.unwrap();
    } finally {
      result.unsubscribe?.();
    }
  }

  /** A call whose failure is logged and yields no data (SPEC 8). */
  async function optional<T>(what: string, result: UnwrappableResult<T>): Promise<T | null> {
    try {
      return await call(result);
    } catch (error) {
      logger.warn(`Continuing without ${what}`, { status: httpStatus(error) });
      return null;
    }
  }

  /**
   * A user-context call: a 401 rejects the whole context (no session), any other failure yields no data.
   * `unreachable` records whether a failure was the gateway not answering (network, timeout, 5xx).
   */
  async function contextCall<T>(
    what: string,
    result: UnwrappableResult<T>,
    unreachable?: { value: boolean },
  ): Promise<T | null> {
    try {
      return await call(result);
    } catch (error) {
      const status = httpStatus(error);
      if (status === 401)
        throw new SessionRejectedError(`The gateway rejected the token when loading ${what}`);
      if (unreachable !== undefined && isUnreachable(status)) unreachable.value = true;
      logger.warn(`Continuing without ${what}`, { status });
      return null;
    }
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

  async function loadUserContext(kind?: 'customer' | 'collaborator'): Promise<void> {
    const { dispatch } = store;
    const askTerms = () =>
      contextCall<TermsAcceptance>(
        'the terms acceptance',
        dispatch(specApi.endpoints.getTermsAcceptance.initiate()),
      );
    const unreachable = { value: false };
    // A 401 on any of these calls rejects the token: no session is started (SessionRejectedError).
    const [information, contactMe, permissions, entities, earlyTerms] = await Promise.all([
      contextCall<UserInformation>(
        'the user information',
        dispatch(specApi.endpoints.getUserInformation.initiate()),
      ),
      contextCall<Contact>('the contact', dispatch(specApi.endpoints.getContactMe.initiate()), unreachable),
      contextCall<Permissions>(
        'the permissions',
        dispatch(specApi.endpoints.getCurrentUserPermissions.initiate(undefined)),
      ),
      contextCall<EntityPage>(
        'the entities',
        dispatch(
          specApi.endpoints.getCurrentUserEntities.initiate({ pageSize: config.constants.entitiesPageSize }),
        ),
      ),
      kind === 'customer' ? askTerms() : Promise.resolve(null),
    ]);
    // The session ended meanwhile (another tab signed out, the 401 handler): do not start it again.
    if (tokenStore.get() === null) throw new Error('The session ended while its context was loading');
    const contact = contactMe ?? information?.contact ?? null;
    if (contact === null) {
      if (unreachable.value) throw new GatewayUnavailableError();
      throw new Error('The user context could not be loaded');
    }
    // SPEC 4: a customer without stored acceptance is checked; collaborators are not asked.
    const terms = contact.isCustomer ? (earlyTerms ?? (kind === 'customer' ? null : await askTerms())) : null;
    if (contact.isCustomer && terms === null) throw new Error('The terms acceptance could not be checked');
    const hasAcceptedTerms = terms === null || terms.isCurrent;
    const entityCount = entities?.totalItems ?? 0;
    const user: CurrentUser = {
      ...contact,
      isCollab: !contact.isCustomer,
      hasAcceptedTerms,
      favoriteEntities: information?.favoriteEntities ?? [],
    };
    dispatch(
      sessionStarted({
        user,
        globalPermissions: unique([...(information?.permissions ?? []), ...(permissions?.permissions ?? [])]),
        entityCount,
        singleEntityId: entityCount === 1 ? (entities?.items[0]?.accountId ?? null) : null,
        pendingTermsId: terms === null || terms.isCurrent ? null : terms.terms.termsId,
      }),
    );
    scheduleExpiryCheck();
    deps.onSignedIn?.(user);
  }

  function destinationAfterSignIn(redirect: string | null | undefined): string {
    const state = store.getState();
    const session = state.session;
    const safe = safeRedirectPath(redirect, win.location.origin);
    if (
      session.user?.isCustomer === true &&
      !session.user.hasAcceptedTerms &&
      session.pendingTermsId !== null
    ) {
      const termsPath = routePath(config, config.routing.termsRoute, { termsId: session.pendingTermsId });
      return safe === null ? termsPath : `${termsPath}?redirect=${encodeURIComponent(safe)}`;
    }
    if (safe !== null) return safe;
    const context = selectConditionContext(state, config, flags);
    return landingPath(config, context, { singleEntityId: session.singleEntityId }) ?? '/';
  }

  async function startWithToken(token: string, kind: 'customer' | 'collaborator'): Promise<void> {
    tokenStore.set(token);
    try {
      await loadUserContext(kind);
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
    return { ok: true, to: destinationAfterSignIn(redirect) };
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

  // Another tab signed out (or this one): leave too, without calling anything.
  const unsubscribe = tokenStore.subscribe((token) => {
    if (token === null && isAuthenticated() && !signingOut) {
      logger.info('Signed out in another tab');
      store.dispatch(sessionEnded({ expired: false }));
      forgetLoadedData();
      deps.onSignedOut?.();
    }
  });

  return {
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
        await loadUserContext();
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
      await this.bootstrap();
    },

    async signInCustomer({ email, password }, redirect = null) {
      interactionFlag.set('login');
      try {
        const answer = await call(store.dispatch(specApi.endpoints.login.initiate({ email, password })));
        await startWithToken(answer.token, 'customer');
        return { ok: true, to: destinationAfterSignIn(redirect) };
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
        const cached = await id.acquireTokenSilent({ allowFrame: false });
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
      if (!this.hasRedirectResult(url)) {
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

    expireSession() {
      // Not signed in (a sign-in in progress fails on its own 401), or a sign-out is ending the session.
      if (signingOut || store.getState().session.status === 'anonymous') return;
      logger.warn('The session ended on a 401 answer');
      endLocally(true);
    },

    async selectEntity(entityId) {
      if (!Number.isSafeInteger(entityId)) throw new Error(`Not an entity id: ${String(entityId)}`);
      const { dispatch } = store;
      const [permissions, entity, reports] = await Promise.all([
        call(dispatch(specApi.endpoints.getCurrentUserPermissions.initiate({ accountId: entityId }))),
        call(dispatch(specApi.endpoints.getEntitySummary.initiate(entityId))),
        optional(
          'the report count',
          dispatch(specApi.endpoints.getReportsCount.initiate({ accountId: entityId })),
        ),
      ]);
      dispatch(
        entitySelected({
          entity,
          permissions: permissions.permissions,
          reportsCount: reports?.totalItems ?? 0,
        }),
      );
      selectedEntityStore.set(entityId);
    },

    clearEntity() {
      store.dispatch(entityCleared());
      selectedEntityStore.clear();
    },

    async acceptTerms(termsId) {
      await call(store.dispatch(specApi.endpoints.acceptTerms.initiate({ termsId })));
      store.dispatch(termsAccepted());
    },

    async checkTerms() {
      const { user, pendingTermsId } = store.getState().session;
      if (user === null || !user.isCustomer || user.hasAcceptedTerms) return { state: 'current' };
      if (pendingTermsId !== null) return { state: 'required', termsId: pendingTermsId };
      const answer = await call(store.dispatch(specApi.endpoints.getTermsAcceptance.initiate()));
      if (answer.isCurrent) {
        store.dispatch(termsAccepted());
        return { state: 'current' };
      }
      return { state: 'required', termsId: answer.terms.termsId };
    },

    async listEntities({ search, pageSize }) {
      const page = await call(
        store.dispatch(
          specApi.endpoints.getCurrentUserEntities.initiate({
            pageSize,
            ...(search === undefined ? {} : { search }),
          }),
        ),
      );
      return page.items;
    },

    async chooseLoginPage() {
      const origin = await optional(
        'the user origin',
        store.dispatch(specApi.endpoints.getUserOrigin.initiate()),
      );
      return origin === 'COLLAB' ? 'collaborator' : 'client';
    },

    destinationAfterSignIn,

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
      unsubscribe();
      cancelExpiryCheck();
    },
  };
}
