import { createContext, useCallback, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../store/hooks.ts';
import type { SessionService, SignInOutcome, SignOutOutcome } from './session-service.ts';
import { hasProviderAnswer } from './identity-steps.ts';
import { SignInContext } from './sign-in-context.tsx';
import type { SignIn } from './sign-in-context.tsx';
import { expiredNoticeDismissed, selectExpiredNotice } from '../store/session-slice.ts';

const SessionServiceContext = createContext<SessionService | null>(null);

/**
 * Mounted by createPortal around the router; tests mount it with their own service. It also gives the
 * login page what it asks of the session (sign-in-context.tsx), from the service and the store.
 */
export function SessionServiceProvider({
  service,
  children,
}: {
  service: SessionService;
  children: ReactNode;
}) {
  const expired = useAppSelector(selectExpiredNotice);
  const dispatch = useAppDispatch();
  const dismiss = useCallback(() => {
    dispatch(expiredNoticeDismissed());
  }, [dispatch]);
  const signIn = useMemo<SignIn>(
    () => ({ actions: service, expiredNotice: { expired, dismiss } }),
    [service, expired, dismiss],
  );
  return (
    <SessionServiceContext.Provider value={service}>
      <SignInContext value={signIn}>{children}</SignInContext>
    </SessionServiceContext.Provider>
  );
}

/** The whole session service: the engine's own (the router's guards and switcher); plugins use the hooks below. */
export function useSessionService(): SessionService {
  const service = useContext(SessionServiceContext);
  if (service === null)
    throw new Error(
      'The session hooks must be used inside <SessionServiceProvider> (createPortal mounts it)',
    );
  return service;
}

/** The collaborator login page's: leave for the provider, finish its answer. */
export function useCollaboratorSignIn(): {
  startCollaboratorSignIn: (redirect: string | null) => Promise<SignInOutcome | 'redirecting'>;
  completeCollaboratorSignIn: (url: string) => Promise<SignInOutcome>;
  /** Whether `url` carries an identity provider answer (`code` or `error` with `state`). */
  hasProviderAnswer: (url: string) => boolean;
} {
  const service = useSessionService();
  return useMemo(
    () => ({
      startCollaboratorSignIn: (redirect) => service.startCollaboratorSignIn(redirect),
      completeCollaboratorSignIn: (url) => service.completeCollaboratorSignIn(url),
      hasProviderAnswer: (url) => hasProviderAnswer(url, window.location.origin),
    }),
    [service],
  );
}

/** The single sign-on callback page's: finish the provider's answer. */
export function useSingleSignOnCallback(): (url: string) => Promise<SignInOutcome> {
  const service = useSessionService();
  return useCallback((url) => service.completeCustomerSingleSignOn(url), [service]);
}

export function useSignOut(): () => Promise<SignOutOutcome> {
  const service = useSessionService();
  return useCallback(() => service.signOut(), [service]);
}

/** The terms page's: accept the terms, then where the person was going. */
export function useTermsAcceptance(): Pick<SessionService, 'acceptTerms' | 'destinationAfterSignIn'> {
  const service = useSessionService();
  return useMemo(
    () => ({
      acceptTerms: (termsId) => service.acceptTerms(termsId),
      destinationAfterSignIn: (redirect) => service.destinationAfterSignIn(redirect),
    }),
    [service],
  );
}

/** Selects an entity (its permissions, summary and report count); rejects on failure. */
export function useEntitySelection(): (entityId: number) => Promise<void> {
  const service = useSessionService();
  return useCallback((entityId) => service.selectEntity(entityId), [service]);
}
