/*
 * The narrow session hooks and the few gateway calls the sign-in pages (plugins/auth) need. Plugins may
 * import only src/plugin-api, so this file is their door to src/auth; it adds no behaviour of its own.
 * A plugin gets one hook per thing it does with the session, never the session service itself.
 */
import {
  useCreateNewPasswordMutation,
  useGetLatestTermsContentQuery,
  useGetLatestTermsQuery,
  useResetPasswordMutation,
} from '../api/spec-endpoints.ts';
import { useRuntime } from '../plugin-host/runtime.tsx';

/**
 * The collaborator sign-in: `startCollaboratorSignIn(redirect)` leaves for the identity provider (or
 * signs in from its cached identity), `completeCollaboratorSignIn(url)` finishes its answer,
 * `hasProviderAnswer(url)` tells whether the address carries one.
 *
 * @example
 * const { startCollaboratorSignIn } = useCollaboratorSignIn();
 * const outcome = await startCollaboratorSignIn(redirect);
 * if (outcome !== 'redirecting' && outcome.ok) navigate(outcome.to, { replace: true });
 */
export { useCollaboratorSignIn } from '../auth/session-context.tsx';

/**
 * Finishes the customers' single sign-on on its callback page (the provider's answer in `url`).
 *
 * @example
 * const complete = useSingleSignOnCallback();
 * const outcome = await complete(window.location.href);
 */
export { useSingleSignOnCallback } from '../auth/session-context.tsx';

/**
 * Signs out (this tab and the others); answers the login page to show unless the page is leaving for
 * the identity provider's sign-out.
 *
 * @example
 * const signOut = useSignOut();
 * const outcome = await signOut();
 * if (!outcome.redirected) navigate(outcome.to, { replace: true });
 */
export { useSignOut } from '../auth/session-context.tsx';

/**
 * Accepts the terms of use, then tells where the person was going.
 *
 * @example
 * const { acceptTerms, destinationAfterSignIn } = useTermsAcceptance();
 * await acceptTerms(termsId);
 * navigate(destinationAfterSignIn(redirect), { replace: true });
 */
export { useTermsAcceptance } from '../auth/session-context.tsx';

/**
 * Selects an entity again or another one (its permissions, summary and report count); rejects on failure.
 *
 * @example
 * const selectEntity = useEntitySelection();
 * await selectEntity(accountId);
 */
export { useEntitySelection } from '../auth/session-context.tsx';

/** What the session actions answer: the login page to show, a sign-in's and a sign-out's outcome. */
export type { LoginChoice, SignInOutcome, SignOutOutcome } from '../auth/session-service.ts';
export { safeRedirectPath } from '../auth/redirect-target.ts';

/**
 * The name of the manifest's client login route and collaborator login route (`routing.loginRoute`).
 *
 * @example
 * const { loginRoute } = useAuthRouting();
 */
export function useAuthRouting(): { loginRoute: string; termsRoute: string } {
  const { config } = useRuntime();
  return { loginRoute: config.routing.loginRoute, termsRoute: config.routing.termsRoute };
}

/**
 * The text of the latest terms of use in a language ('fr' or 'en').
 *
 * @example
 * const { data } = useTermsContent('fr');
 */
export function useTermsContent(language: 'fr' | 'en') {
  return useGetLatestTermsContentQuery({ language });
}

/**
 * The latest terms of use (`GET contact/api/terms/latest`): their id, version and publication date.
 * The terms page accepts these, whatever id its address carries (an old link still leads to the latest).
 *
 * @example
 * const { data: latest } = useLatestTerms();
 */
export function useLatestTerms() {
  return useGetLatestTermsQuery();
}

/**
 * Password reset request (`POST authentication/api/resetPassword`) and new password with a reset token
 * (`POST authentication/api/createNewPassword`).
 *
 * @example
 * const [requestReset, { isLoading }] = usePasswordResetRequest();
 * await requestReset({ email }).unwrap();
 */
export const usePasswordResetRequest = useResetPasswordMutation;

/**
 * @example
 * const [createPassword] = useNewPassword();
 * await createPassword({ token, password }).unwrap();
 */
export const useNewPassword = useCreateNewPasswordMutation;
