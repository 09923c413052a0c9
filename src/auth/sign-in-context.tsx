import { createContext, useContext } from 'react';
import type { SessionService } from './session-service-types.ts';

/**
 * What the client login page asks of the session. Two apps satisfy it: the portal (its session service,
 * see SessionServiceProvider) and the light sign-in app (src/app/sign-in-app.tsx), which shows the login
 * page without the store and hands over to the portal's own service for the sign-in itself.
 */
export type SignInActions = Pick<
  SessionService,
  | 'chooseLoginPage'
  | 'signInCustomer'
  | 'singleSignOnAvailable'
  | 'startCustomerSingleSignOn'
  | 'startCollaboratorSignIn'
>;

/** Whether the 'Session expirée' notice is due, and how to dismiss it. */
type ExpiredNotice = { expired: boolean; dismiss: () => void };

export type SignIn = { actions: SignInActions; expiredNotice: ExpiredNotice };

/** Provided by SessionServiceProvider in the portal, by the sign-in app on its own. */
export const SignInContext = createContext<SignIn | null>(null);

function useSignIn(): SignIn {
  const value = useContext(SignInContext);
  if (value === null)
    throw new Error(
      'The sign-in hooks must be used inside <SessionServiceProvider> (createPortal mounts it)',
    );
  return value;
}

/** The session actions of the client login page (the portal's session service or the sign-in app's). */
export function useCustomerSignIn(): SignInActions {
  return useSignIn().actions;
}

/** Whether the 'Session expirée' notice is due, and how to dismiss it. */
export function useExpiredNotice(): ExpiredNotice {
  return useSignIn().expiredNotice;
}
