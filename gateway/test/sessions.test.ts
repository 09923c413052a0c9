// Item 2 of issue 10: a session ends when it should, with every token of its chain.
import { SignJWT } from 'jose';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  statusOf,
  json,
  login,
  oidcSignIn,
  type Started,
  startGateway,
  withGateway,
} from './helpers.ts';

// A replaced token's grace: short for the test's time, long enough that a loaded machine's calls between a
// refresh and the next request stay within it.
const GRACE_MS = 1500;

const SECRET = 'sessions-test-secret';
const me = (gateway: Started, token: string) => call(gateway, 'GET', '/contact/me', { token });
const refresh = async (gateway: Started, token: string) => {
  const answer = await call(gateway, 'POST', '/authentication/api/refreshToken', { token });
  return { status: answer.status, token: json<{ token?: string }>(answer).token ?? '' };
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let gateway: Started;
beforeAll(async () => {
  gateway = await startGateway({ secret: SECRET, refreshGraceMs: GRACE_MS });
});
afterAll(async () => {
  await gateway.dispose();
});

describe('one session per sign-in', () => {
  it('sign-out ends every token of the chain, the ancestors included', async () => {
    const first = await login(gateway, 'claire.solo@demo.test');
    const second = (await refresh(gateway, first)).token;
    const third = (await refresh(gateway, second)).token;
    expect((await me(gateway, third)).status).toBe(200);
    expect((await call(gateway, 'POST', '/authentication/api/logout', { token: third })).status).toBe(204);
    expect((await me(gateway, first)).status).toBe(401);
    expect((await me(gateway, second)).status).toBe(401);
    expect((await me(gateway, third)).status).toBe(401);
    expect((await refresh(gateway, first)).status).toBe(401);
  });

  it('a replaced token works for requests in flight, then stops (not until its own expiry)', async () => {
    const old = await login(gateway, 'marc.multi@demo.test');
    const next = (await refresh(gateway, old)).token;
    expect((await me(gateway, old)).status).toBe(200);
    await sleep(GRACE_MS + 200);
    expect((await me(gateway, old)).status).toBe(401);
    expect((await me(gateway, next)).status).toBe(200);
  });

  it('a token in its grace mints one replacement: every refresh of it answers the same token', async () => {
    const old = await login(gateway, 'claire.solo@demo.test');
    // Two tabs refreshing the same token at once, then a late one within the grace.
    const together = await Promise.all([refresh(gateway, old), refresh(gateway, old), refresh(gateway, old)]);
    const late = await refresh(gateway, old);
    const minted = new Set([...together, late].map((answer) => answer.token));
    expect([...together, late].map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(minted.size).toBe(1);
    const [next = ''] = minted;
    // The chain moves on from its newest token: a tab still holding the old one catches up with it.
    const newest = (await refresh(gateway, next)).token;
    expect(newest).not.toBe(next);
    expect((await refresh(gateway, old)).token).toBe(newest);
    expect((await refresh(gateway, next)).token).toBe(newest);
    await sleep(GRACE_MS + 200);
    expect((await refresh(gateway, old)).status).toBe(401);
    expect((await me(gateway, newest)).status).toBe(200);
  });

  it('another sign-in of the same person survives a sign-out', async () => {
    const phone = await login(gateway, 'sam.nousers@demo.test');
    const laptop = await login(gateway, 'sam.nousers@demo.test');
    await call(gateway, 'POST', '/authentication/api/logout', { token: phone });
    expect((await me(gateway, laptop)).status).toBe(200);
  });

  it('"sign out everywhere" ends every session of the user', async () => {
    const phone = await login(gateway, 'sam.nousers@demo.test');
    const laptop = await login(gateway, 'sam.nousers@demo.test');
    expect(await statusOf(gateway, 'POST', '/authentication/api/logout-everywhere', { token: phone })).toBe(
      204,
    );
    expect((await me(gateway, laptop)).status).toBe(401);
    expect((await me(gateway, phone)).status).toBe(401);
  });

  it('a password change ends every session of the user', async () => {
    const email = 'nina.terms@demo.test';
    const stolen = await login(gateway, email);
    await call(gateway, 'POST', '/authentication/api/resetPassword', { body: { email } });
    const inbox = await call(gateway, 'GET', `/authentication/api/dev/inbox?email=${email}`);
    const link = json<{ messages: { link: string }[] }>(inbox).messages.at(-1)?.link ?? '';
    const token = new URL(link).searchParams.get('token');
    expect(
      await statusOf(gateway, 'POST', '/authentication/api/createNewPassword', {
        body: { token, password: 'Changed-2026-pw!' },
      }),
    ).toBe(204);
    expect((await me(gateway, stolen)).status).toBe(401);
    expect((await refresh(gateway, stolen)).status).toBe(401);
  });

  it('refuses a token of the same key made for another issuer or audience', async () => {
    const key = createHash('sha256').update(SECRET).digest();
    const forge = (issuer: string, audience: string) =>
      new SignJWT({ email: 'claire.solo@demo.test', gigyaUserId: 'g', isCustomer: true, sid: 'x' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject('1')
        .setIssuedAt()
        .setExpirationTime('1h')
        .setJti('forged')
        .sign(key);
    expect((await me(gateway, await forge('another-service', 'portal'))).status).toBe(401);
    expect((await me(gateway, await forge('portal-gateway', 'another-app'))).status).toBe(401);
  });
});

describe('absolute lifetime', () => {
  it('refuses to refresh past it, however often the token was refreshed', async () => {
    await withGateway({ sessionMaxAgeS: 2, tokenTtlS: 60 }, async (short) => {
      let token = await login(short, 'claire.solo@demo.test');
      token = (await refresh(short, token)).token;
      expect(token).not.toBe('');
      await sleep(2100);
      expect((await refresh(short, token)).status).toBe(401);
      expect((await me(short, token)).status).toBe(401);
    });
  });
});

describe('collaborators', () => {
  it('a collaborator’s portal session ends with their identity-provider grant', async () => {
    const { tokens } = await oidcSignIn(gateway, 'paul.collab@demo.test');
    const exchanged = await call(gateway, 'POST', '/authentication/api/token-exchange', {
      body: { accessToken: tokens.access_token },
    });
    const portalToken = json<{ token: string }>(exchanged).token;
    expect((await me(gateway, portalToken)).status).toBe(200);
    const revoked = await fetch(`${gateway.url}/oidc/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: tokens.refresh_token ?? '',
        token_type_hint: 'refresh_token',
        client_id: 'portal',
      }).toString(),
    });
    expect(revoked.status).toBe(200);
    expect((await me(gateway, portalToken)).status).toBe(401);
  });

  it('a silent renew (a new access token of the same grant) stays in the same session', async () => {
    const { tokens } = await oidcSignIn(gateway, 'lea.collab@demo.test');
    const exchange = async (accessToken: string) =>
      json<{ token: string }>(
        await call(gateway, 'POST', '/authentication/api/token-exchange', { body: { accessToken } }),
      ).token;
    const first = await exchange(tokens.access_token);
    const renewed = await fetch(`${gateway.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token ?? '',
        client_id: 'portal',
      }).toString(),
    });
    const second = await exchange(((await renewed.json()) as { access_token: string }).access_token);
    await call(gateway, 'POST', '/authentication/api/logout', { token: second });
    expect((await me(gateway, first)).status).toBe(401);
  });
});
