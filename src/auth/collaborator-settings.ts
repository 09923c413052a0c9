import type { PortalConfig } from '../../schemas/portal-config.ts';

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

/** The per-application prefix (/hermes, /hades, ...) the current URL starts with, or '' (SPEC 2). */
export function applicationPrefix(pathname: string, prefixes: readonly string[]): string {
  return prefixes.find((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)) ?? '';
}

export function collaboratorIdentitySettings(
  config: PortalConfig,
  env: Readonly<Record<string, unknown>>,
  place: Place,
): CollaboratorIdentitySettings {
  const identity = config.identity.collaborator;
  const fromEnv = identity.authorityEnv === undefined ? undefined : env[identity.authorityEnv];
  const authority =
    typeof fromEnv === 'string' && fromEnv.trim() !== '' ? fromEnv.trim() : identity.authority;
  const prefix = applicationPrefix(place.pathname, identity.applicationPrefixes);
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

/** The key oidc-client-ts stores the signed-in user under, so a cached identity can be spotted without loading it. */
export function identityUserStorageKey(
  settings: Pick<CollaboratorIdentitySettings, 'authority' | 'clientId'>,
): string {
  return `oidc.user:${settings.authority}:${settings.clientId}`;
}
