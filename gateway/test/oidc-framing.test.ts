// Issue 27 item 16: the provider's pages that take a person's input (the password step of both clients, the
// sign-out confirmation) cannot be framed by another site to trick a click or a typed password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMER_SSO_CLIENT,
  followInside,
  oidcClient,
  oidcSignIn,
  type Started,
  startGateway,
} from './helpers.ts';

let gateway: Started;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.dispose();
});

function expectNotFramable(response: Response): void {
  expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
  expect(response.headers.get('x-frame-options')).toBe('DENY');
}

describe('the sign-in pages refuse to be framed', () => {
  it('for both clients: the page, its answer to a wrong password and the expired page', async () => {
    for (const kind of [undefined, CUSTOMER_SSO_CLIENT]) {
      const client = oidcClient(gateway, kind);
      const page = await followInside(client, gateway, (await client.authorize()).response);
      if (typeof page === 'string') throw new Error('expected the sign-in page');
      expect(page.status).toBe(200);
      expectNotFramable(page);
      const action = /action="([^"]+)"/.exec(await page.text())?.[1] ?? '';
      const wrong = await client.postForm(action, { email: 'lea.collab@demo.test', password: 'nope' });
      expect(wrong.status).toBe(401);
      expectNotFramable(wrong);
    }
    const expired = await oidcClient(gateway).get('/oidc/interaction/unknown-uid');
    expect(expired.status).toBe(400);
    expectNotFramable(expired);
  });

  it("and the provider's own pages: the sign-out confirmation and the error page", async () => {
    const { client } = await oidcSignIn(gateway, 'lea.collab@demo.test');
    const end = await client.get('/oidc/session/end?client_id=portal');
    expect(end.status).toBe(200);
    expect(await end.text()).toContain('op.logoutForm');
    expectNotFramable(end);
    const error = await client.get('/oidc/auth?client_id=nobody&response_type=code&scope=openid');
    expect(error.status).toBe(400);
    expectNotFramable(error);
  });
});
