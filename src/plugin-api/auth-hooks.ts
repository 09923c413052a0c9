/*
 * The session actions and the few gateway calls the sign-in pages (plugins/auth) need. Plugins may
 * import only src/plugin-api, so this file is their door to src/auth; it adds no behaviour of its own.
 */
import {
  useCreateNewPasswordMutation,
  useGetLatestTermsContentQuery,
  useGetLatestTermsQuery,
  useResetPasswordMutation,
} from '../api/spec-endpoints.ts';
import { useRuntime } from '../runtime/runtime.tsx';

/**
 * The session actions: `signInCustomer`, `startCollaboratorSignIn`, `completeCollaboratorSignIn`,
 * `signOut`, `selectEntity`, `clearEntity`, `acceptTerms`, `checkTerms`, `chooseLoginPage`,
 * `destinationAfterSignIn`.
 *
 * @example
 * const session = useSessionActions();
 * const outcome = await session.signInCustomer({ email, password }, redirect);
 * if (outcome.ok) navigate(outcome.to, { replace: true });
 */
export { useSessionActions } from '../auth/session-context.tsx';

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
