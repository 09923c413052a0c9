import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { applicationPrefix, rememberedApplicationPrefix } from './application-prefix.ts';

/** What the collaborator sign-in needs, computed from the manifest, the environment and the current URL. */
export type CollaboratorIdentitySettings = {
  authority: string;
  clientId: string;
  scope: string;
  redirectUri: string;
  silentRedirectUri: string;
  postLogoutRedirectUri: string;
  silentRequestTimeoutInSeconds: number;
  renewalOffsetSeconds: number;
  maxSilentRetries: number;
};

type Place = Pick<Location, 'origin' | 'pathname'>;

export function collaboratorIdentitySettings(
  config: PortalConfig,
  env: Readonly<Record<string, unknown>>,
  place: Place,
  /** Where the prefix the tab arrived with is remembered (the router drops it from the URL). */
  storage?: Pick<Storage, 'getItem'> | null,
): CollaboratorIdentitySettings {
  const identity = config.identity.collaborator;
  const fromEnv = identity.authorityEnv === undefined ? undefined : env[identity.authorityEnv];
  const authority =
    typeof fromEnv === 'string' && fromEnv.trim() !== '' ? fromEnv.trim() : identity.authority;
  // SPEC 2: the per-application prefix of the current URL, else the one the tab arrived with.
  const prefix =
    applicationPrefix(place.pathname, identity.applicationPrefixes) ||
    rememberedApplicationPrefix(storage, identity.applicationPrefixes);
  return {
    authority: authority.replace(/\/+$/, ''),
    clientId: identity.clientId,
    scope: identity.scopes.join(' '),
    redirectUri: `${place.origin}${prefix}${identity.loginPath}`,
    silentRedirectUri: `${place.origin}${identity.silentRedirectPath}`,
    // The provider only accepts the plain login paths after sign-out, without an application prefix.
    postLogoutRedirectUri: `${place.origin}${identity.loginPath}`,
    silentRequestTimeoutInSeconds: Math.max(1, Math.round(identity.silentFrameTimeoutMs / 1000)),
    renewalOffsetSeconds: identity.renewalOffsetSeconds,
    maxSilentRetries: identity.maxSilentRetries,
  };
}
