// The customers' single sign-on client of the embedded provider: customers sign in there with their
// single sign-on account (their gigyaUserId), the token exchange maps it to the seeded customer, and
// signing out of the provider ends its session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
} from './helpers.ts';

describe('customer single sign-on client', () => {
  let gateway: Started;

  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(async () => {
    await gateway.dispose();
  });

  async function exchange(accessToken: string) {
    return call(gateway, 'POST', '/authentication/api/token-exchange', { body: { accessToken } });
  }

  it('signs a customer in on its own page and exchanges the access token for her portal session', async () => {
    const { tokens, html } = await oidcSignIn(
      gateway,
      'claire.solo@demo.test',
      undefined,
      CUSTOMER_SSO_CLIENT,
    );
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
    const { tokens } = await oidcSignIn(gateway, 'marc.multi@demo.test', undefined, CUSTOMER_SSO_CLIENT);
    const [, payload = ''] = tokens.id_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string; aud: string };
    expect(claims).toMatchObject({ sub: 'gigya-marc.multi', aud: 'portal-customers' });
  });

  it('refuses collaborators on the customer client and customers on the collaborator client', async () => {
    await expect(
      oidcSignIn(gateway, 'paul.collab@demo.test', undefined, CUSTOMER_SSO_CLIENT),
    ).rejects.toThrow(/status 401/);
    await expect(oidcSignIn(gateway, 'claire.solo@demo.test')).rejects.toThrow(/status 401/);
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
    const { client, tokens } = await oidcSignIn(
      gateway,
      'claire.solo@demo.test',
      undefined,
      CUSTOMER_SSO_CLIENT,
    );
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
