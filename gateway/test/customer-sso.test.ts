// The customers' single sign-on client of the embedded provider: customers sign in there with their
// single sign-on account (their gigyaUserId), the token exchange maps it to the seeded customer, and
// signing out of the provider ends its session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedId } from '../src/auth/oidc-ids.ts';
import {
  CUSTOMER_SSO_CLIENT,
  call,
  followInside,
  json,
  oidcClient,
  oidcSignIn,
  redirectTarget,
  type Started,
  startGateway,
  openTestDb,
} from './helpers.ts';

describe('customer single sign-on client', () => {
  let gateway: Started;

  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(async () => {
    await gateway.dispose();
  });

  /** Signs a person in on the customers' single sign-on page. */
  const customerSignIn = (email: string) => oidcSignIn(gateway, email, undefined, CUSTOMER_SSO_CLIENT);

  async function exchange(accessToken: string) {
    return call(gateway, 'POST', '/authentication/api/token-exchange', { body: { accessToken } });
  }

  it('signs a customer in on its own page and exchanges the access token for her portal session', async () => {
    const { tokens, html } = await customerSignIn('claire.solo@demo.test');
    expect(html).toContain('<h1>Connexion unique</h1>');
    expect(tokens.refresh_token).toBeUndefined();
    const exchanged = await exchange(tokens.access_token);
    expect(exchanged.status).toBe(200);
    const me = await call(gateway, 'GET', '/contact/me', { token: json<{ token: string }>(exchanged).token });
    expect(json<{ email: string; isCustomer: boolean }>(me)).toMatchObject({
      email: 'claire.solo@demo.test',
      isCustomer: true,
    });
  });

  it('names the customer by her single sign-on account, never by her user id', async () => {
    const { tokens } = await customerSignIn('marc.multi@demo.test');
    const [, payload = ''] = tokens.id_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string; aud: string };
    expect(claims).toMatchObject({ sub: 'gigya-marc.multi', aud: 'portal-customers' });
  });

  it('refuses collaborators on the customer client and customers on the collaborator client', async () => {
    await expect(customerSignIn('paul.collab@demo.test')).rejects.toThrow(/status 401/);
    await expect(oidcSignIn(gateway, 'claire.solo@demo.test')).rejects.toThrow(/status 401/);
  });

  describe('one provider session, two clients: each asks for its own people again', () => {
    const COLLABORATOR = {
      client_id: 'portal',
      scope: 'openid profile email offline_access',
      redirect_uri: 'http://127.0.0.1:5173/collaborateur',
    };
    const CUSTOMER = {
      client_id: CUSTOMER_SSO_CLIENT.clientId,
      scope: CUSTOMER_SSO_CLIENT.scope,
      redirect_uri: CUSTOMER_SSO_CLIENT.redirectUri,
    };

    it('the customers’ client gives no code for a collaborator’s session', async () => {
      const { client } = await oidcSignIn(gateway, 'paul.collab@demo.test');
      const silent = await client.authorize({ ...CUSTOMER, prompt: 'none' });
      const refused = new URL(redirectTarget(await followInside(client, gateway, silent.response)));
      expect(refused.pathname).toBe('/sso');
      expect(refused.searchParams.get('code')).toBeNull();
      expect(refused.searchParams.get('error')).toBe('login_required');
      // The collaborators' own client still signs him in silently.
      const own = await client.authorize({ ...COLLABORATOR, prompt: 'none' });
      expect(redirectTarget(await followInside(client, gateway, own.response))).toMatch(
        /^http:\/\/127\.0\.0\.1:5173\/collaborateur\?code=/,
      );
      const asked = await client.authorize(CUSTOMER);
      const page = await followInside(client, gateway, asked.response);
      expect(typeof page, 'no code without a new sign-in').not.toBe('string');
      const html = await (page as Response).text();
      expect(html).toContain('<h1>Connexion unique</h1>');
      // A customer signing in on that page gets her code once the provider has ended his session (its
      // own auto-submitted sign-out form), as for any change of account.
      const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
      const signedIn = await client.postForm(action, {
        email: 'claire.solo@demo.test',
        password: 'Demo-2026!',
      });
      const signOutForm = await followInside(client, gateway, signedIn);
      expect(typeof signOutForm).not.toBe('string');
      const form = await (signOutForm as Response).text();
      const fields: Record<string, string> = {};
      for (const [, name = '', value = ''] of form.matchAll(
        /<input type="hidden" name="(\w+)" value="([^"]*)"/g,
      ))
        fields[name] = value;
      const confirmed = await client.postForm(/action="([^"]+)"/.exec(form)?.[1] ?? '', fields);
      const end = await followInside(client, gateway, confirmed);
      expect(redirectTarget(end)).toMatch(/^http:\/\/127\.0\.0\.1:5173\/sso\?code=/);
    });

    it('the collaborators’ client gives no code for a customer’s session', async () => {
      const { client } = await customerSignIn('claire.solo@demo.test');
      const silent = await client.authorize({ ...COLLABORATOR, prompt: 'none' });
      const refused = new URL(redirectTarget(await followInside(client, gateway, silent.response)));
      expect(refused.pathname).toBe('/collaborateur');
      expect(refused.searchParams.get('code')).toBeNull();
      expect(refused.searchParams.get('error')).toBe('login_required');
      const asked = await client.authorize(COLLABORATOR);
      const page = await followInside(client, gateway, asked.response);
      expect(typeof page, 'no code without a new sign-in').not.toBe('string');
      expect(await (page as Response).text()).toContain('<h1>Connexion collaborateur</h1>');
    });

    it('the token exchange refuses an access token whose account is not its client’s kind', async () => {
      // What no flow gives: a token of one client naming an account of the other kind, as a grant made
      // before this rule would.
      const renamed = async (accessToken: string, accountId: string) => {
        const db = await openTestDb(gateway);
        try {
          const where = { model: 'AccessToken', id: storedId(accessToken) };
          const row = await db
            .selectFrom('oidc_store')
            .select('payload')
            .where('model', '=', where.model)
            .where('id', '=', where.id)
            .executeTakeFirstOrThrow();
          await db
            .updateTable('oidc_store')
            .set({ payload: JSON.stringify({ ...(JSON.parse(row.payload) as object), accountId }) })
            .where('model', '=', where.model)
            .where('id', '=', where.id)
            .execute();
        } finally {
          await db.destroy();
        }
        return accessToken;
      };
      // Paul's user id, and the empty single sign-on id every collaborator has.
      for (const account of ['5', '']) {
        const { tokens } = await customerSignIn('marc.multi@demo.test');
        expect((await exchange(await renamed(tokens.access_token, account))).status, account).toBe(401);
      }
      // Claire's user id through the collaborators' client.
      const { tokens } = await oidcSignIn(gateway, 'paul.collab@demo.test');
      expect((await exchange(await renamed(tokens.access_token, '1'))).status).toBe(401);
    });
  });

  it('sends its codes to the single sign-on page only', async () => {
    const client = oidcClient(gateway, CUSTOMER_SSO_CLIENT);
    for (const uri of [
      'http://127.0.0.1:5173/collaborateur',
      'http://127.0.0.1:5173/login',
      'http://evil.test/sso',
    ]) {
      const refused = await client.authorize({ redirect_uri: uri });
      expect(refused.response.status, uri).toBe(400);
    }
  });

  it('signs in silently while the provider session lives, and asks again once signed out of it', async () => {
    const { client, tokens } = await customerSignIn('claire.solo@demo.test');
    const again = await client.authorize();
    expect(redirectTarget(await followInside(client, gateway, again.response))).toMatch(
      /^http:\/\/127\.0\.0\.1:5173\/sso\?code=/,
    );
    const end = await client.get(
      `/oidc/session/end?${new URLSearchParams({ client_id: 'portal-customers', id_token_hint: tokens.id_token, post_logout_redirect_uri: 'http://127.0.0.1:5173/sso' }).toString()}`,
    );
    const html = await end.text();
    const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const confirmed = await client.postForm(action, { xsrf, logout: 'yes' });
    expect(redirectTarget(await followInside(client, gateway, confirmed))).toMatch(
      /^http:\/\/127\.0\.0\.1:5173\/sso/,
    );
    const afterSignOut = await client.authorize();
    const page = await followInside(client, gateway, afterSignOut.response);
    expect(typeof page).not.toBe('string');
    expect(await (page as Response).text()).toContain('<h1>Connexion unique</h1>');
  });
});
