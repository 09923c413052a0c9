// What both OpenID Connect clients of the portal share (the collaborators' identity and the customers'
// single sign-on): the authorization code flow with PKCE, state kept in the tab's storage, nothing polled.
import { WebStorageStateStore } from 'oidc-client-ts';
import type { UserManagerSettings } from 'oidc-client-ts';

export type OidcClient = { authority: string; clientId: string; redirectUri: string; scope: string };

export function oidcClientSettings(client: OidcClient, storage: Storage): UserManagerSettings {
  return {
    authority: client.authority,
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    response_type: 'code',
    scope: client.scope,
    userStore: new WebStorageStateStore({ store: storage }),
    stateStore: new WebStorageStateStore({ store: storage }),
    // The session monitor polls the provider in a frame every 2 s: not needed, the portal token carries the session.
    monitorSession: false,
    loadUserInfo: false,
  };
}

/** The portal address to return to, carried through the provider round trip; null when there is none. */
export function redirectOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const redirect = (state as { redirect?: unknown }).redirect;
  return typeof redirect === 'string' ? redirect : null;
}
