import { createContext, useCallback, useContext } from 'react';
import type { ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../runtime/hooks.ts';
import type { SessionService } from './session-service.ts';
import { expiredNoticeDismissed, selectExpiredNotice } from '../runtime/session-slice.ts';

const SessionServiceContext = createContext<SessionService | null>(null);

/** Mounted by createPortal around the router; tests mount it with their own service. */
export function SessionServiceProvider({
  service,
  children,
}: {
  service: SessionService;
  children: ReactNode;
}) {
  return <SessionServiceContext.Provider value={service}>{children}</SessionServiceContext.Provider>;
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

/** Whether the 'Session expirée' notice is due, and how to dismiss it. */
export function useExpiredNotice(): { expired: boolean; dismiss: () => void } {
  const expired = useAppSelector(selectExpiredNotice);
  const dispatch = useAppDispatch();
  const dismiss = useCallback(() => {
    dispatch(expiredNoticeDismissed());
  }, [dispatch]);
  return { expired, dismiss };
}
