// SPEC 4 'Sign-out', in its order: the user leaves, the providers and the logout call, then the token and
// the entity; the identity provider's sign-out last, because it leaves the page.
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { specApi } from '../api/spec-endpoints.ts';
import type { Logger } from '../logging/logger.ts';
import { signOutStarted } from '../store/session-slice.ts';
import type { CurrentUser } from '../store/session-slice.ts';
import { endSession } from './end-session.ts';
import type { SessionEnding } from './end-session.ts';
import { call, httpStatus } from './gateway-calls.ts';
import type { InteractionFlag } from './interaction-flag.ts';
import { routePath } from './landing.ts';
import type { SignOutOutcome } from './session-service-types.ts';
import type { SingleSignOn } from './single-sign-on.ts';

type Provider = { signOut(): Promise<void> };

type SignOutDeps = SessionEnding & {
  config: PortalConfig;
  logger: Logger;
  interactionFlag: InteractionFlag;
  /** The collaborator's identity provider sign-out (its library loaded on first use). */
  signOutOfIdentity: () => Promise<void>;
  /** The customers' single sign-on adapter, null when its flag is off. */
  signOutOfSingleSignOn: (() => Promise<SingleSignOn | null>) | null;
};

/**
 * The provider the sign-out leaves through last: the collaborator's, or the customer's single sign-on
 * when this tab signed in through it. Null when there is none to leave.
 */
async function providerToLeave(deps: SignOutDeps, user: CurrentUser | null): Promise<Provider | null> {
  if (user?.isCollab === true) return { signOut: deps.signOutOfIdentity };
  if (user?.isCustomer !== true || deps.signOutOfSingleSignOn === null) return null;
  try {
    const sso = await deps.signOutOfSingleSignOn();
    return sso !== null && (await sso.isSignedIn()) ? sso : null;
  } catch (error) {
    deps.logger.warn('Single sign-on sign-out failed', error);
    return null;
  }
}

export function createSignOut(deps: SignOutDeps): () => Promise<SignOutOutcome> {
  const { store, config, logger, tokenStore, interactionFlag } = deps;
  return async () => {
    const { user } = store.getState().session;
    const to = routePath(config, user?.isCollab === true ? 'collaboratorLogin' : config.routing.loginRoute);
    // Nothing the router reacts to changes until the calls are settled: meanwhile the session is only
    // 'signingOut' (the slice's flag, which the expiry and other-tab listeners read).
    store.dispatch(signOutStarted());
    const provider = await providerToLeave(deps, user);
    if (tokenStore.get() !== null) {
      try {
        await call(
          store.dispatch(specApi.endpoints.logout.initiate({ gigyaUserId: user?.gigyaUserId ?? '' })),
        );
      } catch (error) {
        logger.warn('The logout call failed', { status: httpStatus(error) });
      }
    }
    if (provider === null) {
      endSession(deps, false, to);
      return { redirected: false, to };
    }
    // The provider ends its session and returns to the portal. The token and entity are gone before
    // leaving; the session state stays 'signingOut' so the page being left does not react (a guard would
    // send it to the login page meanwhile).
    tokenStore.clear();
    deps.selectedEntityStore.clear();
    try {
      interactionFlag.set('logout');
      await provider.signOut();
      endSession(deps, false, to);
      return { redirected: true, to };
    } catch (error) {
      interactionFlag.clear();
      logger.warn('Provider sign-out failed', error);
      endSession(deps, false, to);
      return { redirected: false, to };
    }
  };
}
