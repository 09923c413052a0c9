import Provider, { interactionPolicy } from 'oidc-provider';
import type { Grant, InteractionPolicy, OidcContext } from 'oidc-provider';
import { createHash } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import type { Store } from '../db/store.ts';
import { isLoopbackOrigin } from '../http/cors.ts';
import { COLLABORATOR_CLIENT_ID as OIDC_CLIENT_ID, CUSTOMER_CLIENT_ID } from '../auth/oidc-ids.ts';
import { dbAdapter } from './db-adapter.ts';
import type { BrandedParts } from '../kernel/branding.ts';
import { escapeHtml, NOT_FRAMABLE, page } from './html.ts';
import { signingAlgOf } from './keys.ts';
import { isAllowedPostLogoutRedirectUri, isAllowedRedirectUri } from './redirect-rules.ts';

const OIDC_SCOPES = 'openid profile email offline_access';
const CUSTOMER_SCOPES = 'openid profile email';
export const INTERACTION_PATH = '/oidc/interaction';

type ProviderOptions = {
  issuer: string;
  store: Store;
  /** Where the provider keeps its sessions, grants and tokens (oidc_store). */
  db: Db;
  sessionSecret: Uint8Array;
  signingJwk: Record<string, unknown>;
  /** The firm's look for the error page (the published manifest's branding). */
  brand: () => Promise<BrandedParts>;
};

function logoutPage(form: string): string {
  // Auto-submits the provider's own logout form (with its xsrf field) and ends the provider session too.
  return `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>Déconnexion</title></head><body>
${form}
<noscript><button type="submit" form="op.logoutForm" name="logout" value="yes">Se déconnecter</button></noscript>
<script>
const form = document.forms[0];
const input = document.createElement('input');
input.type = 'hidden'; input.name = 'logout'; input.value = 'yes';
form.appendChild(input);
form.submit();
</script></body></html>`;
}

/**
 * Collaborators' provider accounts are their user ids, customers' their single sign-on ids (never all
 * digits: findAccount refuses an id whose form does not match its user's kind).
 */
const isCollaboratorAccount = (accountId: string) => /^\d+$/.test(accountId);

/**
 * One provider session serves both clients, but each client signs in its own people only: a session whose
 * account is of the other kind asks for a new sign-in (the login prompt) instead of a silent code, and a
 * `prompt=none` request answers login_required.
 */
function interactionPolicyOf(): InteractionPolicy {
  const policy = interactionPolicy.base();
  const { Check } = interactionPolicy;
  policy.get('login')?.checks.add(
    new Check(
      'account_of_another_client',
      'The signed-in account is not one this client signs in',
      'login_required',
      ({ oidc }) => {
        const accountId = oidc.session?.accountId;
        // No session: the provider's own no_session check asks for the sign-in.
        if (accountId === undefined || oidc.client === undefined) return Check.NO_NEED_TO_PROMPT;
        const wantsCollaborator = oidc.client.clientId !== CUSTOMER_CLIENT_ID;
        return isCollaboratorAccount(accountId) === wantsCollaborator
          ? Check.NO_NEED_TO_PROMPT
          : Check.REQUEST_PROMPT;
      },
    ),
  );
  return policy;
}

export function createOidcProvider(options: ProviderOptions): Provider {
  const { issuer, store } = options;
  // A configured EC key signs with ES256: the clients' default (RS256) would have no key.
  const idTokenAlg = signingAlgOf(options.signingJwk);
  const cookieKey = createHash('sha256').update(options.sessionSecret).update('oidc-cookies').digest('hex');

  const provider = new Provider(issuer, {
    adapter: dbAdapter(options.db),
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        id_token_signed_response_alg: idTokenAlg,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        scope: OIDC_SCOPES,
        // Registered for discovery only: redirectUriAllowed below accepts every loopback origin.
        redirect_uris: ['http://127.0.0.1:5173/collaborateur', 'http://127.0.0.1:5173/silent-renew.html'],
        post_logout_redirect_uris: ['http://127.0.0.1:5173/collaborateur', 'http://127.0.0.1:5173/login'],
      },
      {
        // Customers' single sign-on: no refresh token (the portal session carries on by itself once exchanged).
        client_id: CUSTOMER_CLIENT_ID,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        id_token_signed_response_alg: idTokenAlg,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        scope: CUSTOMER_SCOPES,
        redirect_uris: ['http://127.0.0.1:5173/sso'],
        post_logout_redirect_uris: ['http://127.0.0.1:5173/sso', 'http://127.0.0.1:5173/login'],
      },
    ],
    jwks: { keys: [options.signingJwk] },
    cookies: {
      keys: [cookieKey],
      long: { sameSite: 'lax', httpOnly: true },
      short: { sameSite: 'lax', httpOnly: true },
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: OidcContext, form: string) => {
          ctx.type = 'html';
          ctx.set(NOT_FRAMABLE);
          ctx.body = logoutPage(form);
        },
      },
    },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      RefreshToken: 14 * 24 * 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
    interactions: {
      policy: interactionPolicyOf(),
      url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}`,
    },
    // Collaborators' provider accounts are their user ids; customers' are their single sign-on ids
    // (gigya_user_id), which the token exchange maps back to the seeded customer.
    findAccount: async (_ctx, id) => {
      const user = isCollaboratorAccount(id)
        ? await store.users.byId(Number(id))
        : await store.users.byGigyaId(id);
      if (!user) return undefined;
      const isCustomer = user.is_customer === 1;
      if (isCustomer === isCollaboratorAccount(id)) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: user.email,
          email_verified: true,
          name: `${user.first_name} ${user.last_name}`,
          given_name: user.first_name,
          family_name: user.last_name,
        }),
      };
    },
    // Consent is implied for the firm's own portal: a grant for every scope is created on first use.
    loadExistingGrant: async (ctx): Promise<Grant | undefined> => {
      const { client, session, account, result } = ctx.oidc;
      if (!client || !account) return undefined;
      // Never a grant of one client for the other's people: the login prompt asks for a new sign-in, and
      // a grant saved now would be revoked, with that sign-in's interaction, when it ends this session.
      if (isCollaboratorAccount(account.accountId) === (client.clientId === CUSTOMER_CLIENT_ID))
        return undefined;
      const grantId = result?.consent?.grantId ?? session?.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ accountId: account.accountId, clientId: client.clientId });
      grant.addOIDCScope(client.clientId === CUSTOMER_CLIENT_ID ? CUSTOMER_SCOPES : OIDC_SCOPES);
      await grant.save();
      return grant;
    },
    // offline_access is dropped by the provider unless prompt=consent; the portal always gets a refresh token.
    issueRefreshToken: (_ctx, client) =>
      client.clientId === OIDC_CLIENT_ID && client.grantTypeAllowed('refresh_token'),
    clientBasedCORS: (_ctx, origin) => isLoopbackOrigin(origin),
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.set(NOT_FRAMABLE);
      const details = Object.entries(out)
        .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(String(value))}</dd>`)
        .join('');
      ctx.body = page('Erreur de connexion', `<dl>${details}</dl>`, await options.brand());
    },
  });

  provider.Client.prototype.redirectUriAllowed = isAllowedRedirectUri;
  provider.Client.prototype.postLogoutRedirectUriAllowed = isAllowedPostLogoutRedirectUri;
  return provider;
}
