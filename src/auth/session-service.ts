import { sessionApi } from '../api/session-endpoints.ts';
import { browserStorage, createSafeStorage } from '../session/safe-storage.ts';
import { collaboratorIdentitySettings } from './collaborator-settings.ts';
import { lazyCollaboratorIdentity } from './identity-steps.ts';
import { createInteractionFlag } from './interaction-flag.ts';
import { call, httpStatus, retryAfterSeconds } from './gateway-calls.ts';
import { safeRedirectPath } from './redirect-target.ts';
import { singleSignOnOn, singleSignOnSettings } from './single-sign-on-settings.ts';
import { lazySingleSignOn } from './single-sign-on-steps.ts';
import { createSessionActions } from './session-actions.ts';
import { endSession, forgetLoadedData } from './end-session.ts';
import type {
  SessionLifecycle,
  SessionService,
  SessionServiceDeps,
  SignInOutcome,
} from './session-service-types.ts';
import { completeProviderAnswer } from './provider-answer.ts';
import { createSignOut } from './sign-out.ts';
import {
  GatewayUnavailableError,
  SessionRejectedError,
  kindClaimed,
  loadUserContext,
} from './user-context.ts';
import { NoAccountError } from './identity-errors.ts';
import {
  sessionEnded,
  sessionUnauthenticated,
  sessionUnavailable,
  sessionResuming,
  sessionStarted,
} from '../store/session-slice.ts';

export type { LoginChoice } from './session-actions.ts';
export type {
  SessionService,
  SessionServiceDeps,
  SignInOutcome,
  SignOutOutcome,
} from './session-service-types.ts';

export function createSessionService(deps: SessionServiceDeps): SessionService {
  const { store, config, flags, logger, tokenStore, selectedEntityStore } = deps;
  const env = deps.env ?? {};
  const win = deps.window ?? window;
  const interactionFlag = createInteractionFlag(browserStorage('session', win), logger);
  const getIdentity = lazyCollaboratorIdentity(
    () => collaboratorIdentitySettings(config, env, win.location, browserStorage('session', win)),
    logger,
    deps.loadIdentity,
  );
  const ssoSettings = singleSignOnSettings(config, env, win.location.origin);
  const ssoOn = singleSignOnOn(config, flags);
  const getSingleSignOn = lazySingleSignOn(ssoSettings, logger, deps.loadSingleSignOn);
  const actions = createSessionActions({
    store,
    config,
    flags,
    logger,
    selectedEntityStore,
    window: win,
    ...(deps.beforeEntitySelected === undefined ? {} : { beforeEntitySelected: deps.beforeEntitySelected }),
  });
  // Reads what is stored under the token key, active or not, to tell "expired" from "never signed in".
  const rawTokenStorage = createSafeStorage(config.session.storage, logger, win);

  /** Loads the user context and starts the session (SPEC 4); expiry-listener.ts watches it from then. */
  async function startSession(kind?: 'customer' | 'collaborator'): Promise<void> {
    const user = await store.dispatch(
      loadUserContext({
        kind,
        entitiesPageSize: config.constants.entitiesPageSize,
        storedEntityId: selectedEntityStore.get(),
        logger,
        stillSignedIn: () => tokenStore.get() !== null,
      }),
    );
    deps.onSignedIn?.(user);
  }

  async function startWithToken(token: string, kind: 'customer' | 'collaborator'): Promise<void> {
    tokenStore.set(token);
    try {
      await startSession(kind);
    } catch (error) {
      // No session was started: nothing of this token stays, neither stored nor cached.
      tokenStore.clear();
      forgetLoadedData(store);
      throw error;
    }
  }

  async function exchange(accessToken: string): Promise<string> {
    const answer = await call(store.dispatch(sessionApi.endpoints.tokenExchange.initiate({ accessToken })));
    return answer.token;
  }

  /** A provider's access token exchanged for the portal's session, then the landing of SPEC 2. */
  async function signInWith(
    accessToken: string,
    redirect: string | null,
    kind: 'collaborator' | 'customer',
  ): Promise<SignInOutcome> {
    await startWithToken(await exchange(accessToken), kind);
    return { ok: true, to: actions.destinationAfterSignIn(redirect) };
  }

  /** Starts a way of signing in that leaves for a provider; a failure to start is logged, and reads 'unavailable'. */
  async function leaveForProvider(
    way: string,
    start: () => Promise<SignInOutcome | 'redirecting'>,
  ): Promise<SignInOutcome | 'redirecting'> {
    try {
      return await start();
    } catch (error) {
      interactionFlag.clear();
      logger.error(`${way} could not start`, error);
      return { ok: false, reason: 'unavailable' };
    }
  }

  const answerDeps = (url: string, way: string) => ({
    url,
    way,
    origin: win.location.origin,
    interactionFlag,
    logger,
  });

  /** At start: the stored token's session resumed (user context → authenticated), or ended. */
  async function resume(): Promise<void> {
    const raw = rawTokenStorage.read(config.session.tokenKey);
    const token = tokenStore.get();
    if (token === null) {
      // A token was kept but is no longer active: the session expired while the tab was closed or idle.
      store.dispatch(sessionEnded({ expired: raw !== null && raw !== '' }));
      return;
    }
    try {
      await startSession(kindClaimed(token, logger));
    } catch (error) {
      logger.error('Failed to load the user context', error);
      if (error instanceof SessionRejectedError) {
        // A 401: the session ends as expired (the 401 handler may have ended it already).
        if (store.getState().session.status !== 'anonymous' || tokenStore.get() !== null)
          endSession(deps, true);
      } else if (error instanceof GatewayUnavailableError && tokenStore.get() !== null) {
        // The gateway did not answer: nothing says the session is over. Keep the token; offer a retry.
        store.dispatch(sessionUnavailable());
      } else if (tokenStore.get() !== null) {
        store.dispatch(sessionUnauthenticated());
      }
    }
  }

  // The stored session being resumed (a reload): an entity page's early calls wait for it to be started.
  let resuming: Promise<void> | null = null;

  const lifecycle: SessionLifecycle = {
    bootstrap() {
      const started = resume();
      resuming = started;
      const settled = () => {
        if (resuming === started) resuming = null;
      };
      started.then(settled, settled);
      return started;
    },

    async retryBootstrap() {
      store.dispatch(sessionResuming());
      await lifecycle.bootstrap();
    },

    async signInCustomer({ email, password }, redirect = null) {
      interactionFlag.set('login');
      try {
        const answer = await call(store.dispatch(sessionApi.endpoints.login.initiate({ email, password })));
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

    startCollaboratorSignIn: (redirect = null) =>
      leaveForProvider('Collaborator sign-in', async () => {
        const safe = safeRedirectPath(redirect, win.location.origin);
        const id = await getIdentity();
        // No account in this tab yet: the person signs in at the provider.
        const cached = await id.acquireTokenSilent({ allowFrame: false }).catch((error: unknown) => {
          if (error instanceof NoAccountError) return null;
          throw error;
        });
        if (cached !== null) return signInWith(cached, safe, 'collaborator');
        interactionFlag.set('login');
        await id.startSignIn({ redirect: safe });
        return 'redirecting';
      }),

    completeCollaboratorSignIn: (url) =>
      completeProviderAnswer({
        ...answerDeps(url, 'Collaborator sign-in'),
        finish: async () => {
          const { accessToken, redirect } = await (await getIdentity()).completeSignIn(url);
          return signInWith(accessToken, redirect, 'collaborator');
        },
      }),

    singleSignOnAvailable: () => ssoOn && ssoSettings !== null,

    startCustomerSingleSignOn: (redirect = null) =>
      leaveForProvider('Single sign-on', async () => {
        const sso = ssoOn ? await getSingleSignOn() : null;
        if (sso === null) return { ok: false, reason: 'unavailable' };
        interactionFlag.set('login');
        await sso.startSignIn({ redirect: safeRedirectPath(redirect, win.location.origin) });
        return 'redirecting';
      }),

    completeCustomerSingleSignOn: (url) =>
      completeProviderAnswer({
        ...answerDeps(url, 'Single sign-on'),
        finish: async () => {
          const sso = await getSingleSignOn();
          if (sso === null) return { ok: false, reason: 'unavailable' };
          const { accessToken, redirect } = await sso.completeSignIn(url);
          return signInWith(accessToken, redirect, 'customer');
        },
      }),

    signOut: createSignOut({
      ...deps,
      interactionFlag,
      // Customers with single sign-on on: signed out of it too, when this tab signed in through it.
      signOutOfSingleSignOn: ssoOn ? getSingleSignOn : null,
      signOutOfIdentity: async () => (await getIdentity()).signOut(),
    }),
  };
  return {
    ...lifecycle,
    ...actions,
    prefetchEntityPage(entityId, reads) {
      // On a reload the route's loader runs while the stored session is being resumed, when nothing may
      // be asked yet: the calls go out as soon as the session is started (terms current), one render early.
      if (resuming !== null && store.getState().session.status === 'unknown') {
        // Right as it starts, before the guard's render (which selects the entity) rather than after.
        const stop = store.startListening({
          actionCreator: sessionStarted,
          effect: () => {
            stop();
            actions.prefetchEntityPage(entityId, reads);
          },
        });
        void resuming.then(stop);
        return;
      }
      actions.prefetchEntityPage(entityId, reads);
    },
  };
}
