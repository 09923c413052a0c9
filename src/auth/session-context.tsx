import { createContext, useCallback, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../runtime/hooks.ts';
import type { SessionService } from './session-service.ts';
import { SignInContext } from './sign-in-context.tsx';
import type { SignIn } from './sign-in-context.tsx';
import { expiredNoticeDismissed, selectExpiredNotice } from '../runtime/session-slice.ts';

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

/**
 * The session actions: sign in (customer, collaborator), sign out, select or clear the entity, accept
 * the terms, choose the login page, compute where to go after sign-in.
 */
export function useSessionActions(): SessionService {
  const service = useContext(SessionServiceContext);
  if (service === null)
    throw new Error(
      'useSessionActions must be used inside <SessionServiceProvider> (createPortal mounts it)',
    );
  return service;
}
