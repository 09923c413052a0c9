/*
 * `@portal/plugin-api`: the one door from a plugin into the engine. It exports the contract only: the
 * define functions, the narrow hooks, the endpoint builder and its types. The test harness is
 * `@portal/plugin-api/testing`; the home grid, for the one page that hosts it, is
 * `@portal/plugin-api/home-grid` (its own entry so its grid library stays out of the first pages).
 * Plugins never import a file of src/ (lint enforces it).
 */
export { definePage, definePlugin, defineWidget } from './define.ts';
export type {
  LazyComponent,
  PageDefinition,
  PluginDefinition,
  PluginLocales,
  WidgetDefinition,
  WidgetProps,
  WidgetSize,
} from './define.ts';
export {
  useAction,
  useConstant,
  useFlag,
  usePermission,
  useRouteHref,
  useSelectedEntity,
  useSession,
  useTrack,
} from './hooks.ts';
export type { PluginSession, SelectedEntity, TrackingEventKey } from './hooks.ts';
export { useApplications } from './applications.ts';
export type { LauncherApplication } from './applications.ts';
export type { TrackProperties } from '../runtime/tracker.ts';
export { usePluginTranslation } from './translation.ts';
export type { PluginTranslate } from './translation.ts';
export { gatewayApi, service } from './gateway.ts';
export type { GatewayBody, GatewayQuery, GatewayResponse, ServiceName } from './gateway.ts';
export { DownloadError, useGatewayDownload } from './download.ts';
export type { DownloadQuery } from './download.ts';
export {
  safeRedirectPath,
  useAuthRouting,
  useExpiredNotice,
  useNewPassword,
  usePasswordResetRequest,
  useRoutePath,
  useSessionActions,
  useTermsContent,
} from './auth-hooks.ts';
export type { LoginChoice, SignInOutcome, SignOutOutcome } from './auth-hooks.ts';
