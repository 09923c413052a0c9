/*
 * `@portal/plugin-api`: the one door from a plugin into the engine. It exports the contract only: the
 * define functions, the narrow hooks, the endpoint builder and its types. The test harness is
 * `@portal/plugin-api/testing`. The home grid is the engine's: a route's `homeGrid` draws it.
 * Plugins never import a file of src/ (lint enforces it).
 */
// The define functions and their types (define.ts names them).
export * from './define.ts';
export {
  useAction,
  useActionCheck,
  useConstant,
  useFlag,
  usePermission,
  useRouteHref,
  useSelectedEntity,
  useSession,
  useTrack,
} from './hooks.ts';
export type { ActionOptions, PluginSession, SelectedEntity, TrackingEventKey } from './hooks.ts';
export { usePermissionCatalogue } from './permission-catalogue.ts';
export type { PermissionEntry } from './permission-catalogue.ts';
export { useRightsInWords } from './right-words.ts';
export { useApplications } from './applications.ts';
export type { LauncherApplication } from './applications.ts';
export type { TrackProperties } from '../plugin-host/tracker.ts';
export { pluginTranslation } from './translation.ts';
export type { TranslationKey, TypedPluginTranslate } from './translation.ts';
export {
  contractEndpoint,
  contractPath,
  contractRequest,
  contractRoutes,
  gatewayApi,
  service,
} from './gateway.ts';
export type {
  ContractAnswer,
  ContractRouteId,
  GatewayBody,
  GatewayQuery,
  GatewayResponse,
  ServiceName,
} from './gateway.ts';
export { DownloadError, useGatewayDownload } from './download.ts';
/** The password rule and strength levels the gateway applies to a new password. */
export { PASSWORD_MIN_LENGTH, passwordProblem, passwordStrength } from './password-rule.ts';
export type { PasswordProblem } from './password-rule.ts';
export { ABSENCE_KINDS, daysUntil, entryProblems, lastDayOf, PAYROLL_BOUNDS } from './payroll-rules.ts';
export type { AbsenceKind, EntryProblem, PayrollEntryInput, PayrollStatus } from './payroll-rules.ts';
export type { DownloadQuery } from './download.ts';
export { useGatewayOpen, useGatewayUpload } from './upload.ts';
export type { UploadOptions } from './upload.ts';
export { useRouteMeta } from './route-meta.ts';
/** SPEC 9's price rule, fed by the manifest's `constants.smartOffer`. */
export { useOfferPrice } from './price.ts';
export {
  safeRedirectPath,
  useAuthRouting,
  useCollaboratorSignIn,
  useEntitySelection,
  useNewPassword,
  usePasswordResetRequest,
  useSignOut,
  useSingleSignOnCallback,
  useTermsAcceptance,
  useTermsContent,
  useLatestTerms,
} from './auth-hooks.ts';
export type { LoginChoice, SignInOutcome, SignOutOutcome } from './auth-hooks.ts';
export {
  useBranding,
  useCustomerSignIn,
  useExpiredNotice,
  usePageLocation,
  useRoutePath,
} from './sign-in-hooks.ts';
export type { PageLocation, PageTo, SignInActions } from './sign-in-hooks.ts';
