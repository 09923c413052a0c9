import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, json, login, type Started, startGateway } from './helpers.ts';

const CLAIRE = 'claire.solo@demo.test';
const ME = '/contact/me';

function expectUnauthorized(answer: { status: number; body: unknown }): void {
  expect(answer.status).toBe(401);
  expect(answer.body).toEqual({ error: 'unauthorized', message: expect.any(String) as string });
}

describe('session tokens', () => {
  let gateway: Started;
  beforeAll(async () => {
    gateway = await startGateway({ secret: 'test-secret-of-the-gateway-0123456789' });
  });
  afterAll(async () => {
    await gateway.dispose();
  });

  it('carries the contract claims with exp in seconds', async () => {
    const token = await login(gateway, CLAIRE);
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      sub: '1',
      email: CLAIRE,
      isCustomer: true,
      gigyaUserId: expect.any(String) as string,
      jti: expect.any(String) as string,
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
    expect(claims.exp).toBeLessThan(Date.now() / 1000 + 3601);
  });

  it('answers 401 without a token or with a malformed header', async () => {
    expectUnauthorized(await call(gateway, 'GET', ME));
    expectUnauthorized(await call(gateway, 'GET', ME, { headers: { authorization: 'Basic abc' } }));
    expectUnauthorized(await call(gateway, 'GET', ME, { token: 'not.a.jwt' }));
  });

  it('refuses a forged signature', async () => {
    const token = await login(gateway, CLAIRE);
    const claims = decodeJwt(token);
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-00'));
    expectUnauthorized(await call(gateway, 'GET', ME, { token: forged }));
    const [header, , signature] = token.split('.');
    const tampered = `${header ?? ''}.${Buffer.from(JSON.stringify({ ...claims, sub: '2' })).toString('base64url')}.${signature ?? ''}`;
    expectUnauthorized(await call(gateway, 'GET', ME, { token: tampered }));
  });

  it('refuses alg none', async () => {
    const claims = decodeJwt(await login(gateway, CLAIRE));
    const unsecured = new UnsecuredJWT({ ...claims }).encode();
    expectUnauthorized(await call(gateway, 'GET', ME, { token: unsecured }));
  });

  it('revokes the token on logout and only that token', async () => {
    const token = await login(gateway, CLAIRE);
    const other = await login(gateway, CLAIRE);
    expect((await call(gateway, 'GET', ME, { token })).status).toBe(200);
    const logout = await call(gateway, 'POST', '/authentication/api/logout', {
      token,
      body: { gigyaUserId: 'gigya-claire.solo' },
    });
    expect(logout.status).toBe(204);
    expectUnauthorized(await call(gateway, 'GET', ME, { token }));
    expectUnauthorized(await call(gateway, 'POST', '/authentication/api/refreshToken', { token }));
    expect((await call(gateway, 'GET', ME, { token: other })).status).toBe(200);
  });

  it('refreshes with no body (JSON content type) into a new valid token', async () => {
    const token = await login(gateway, CLAIRE);
    const refreshed = await call(gateway, 'POST', '/authentication/api/refreshToken', {
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(refreshed.status).toBe(200);
    const next = json<{ token: string }>(refreshed).token;
    expect(next).not.toBe(token);
    expect(decodeJwt(next).jti).not.toBe(decodeJwt(token).jti);
    expect((await call(gateway, 'GET', ME, { token: next })).status).toBe(200);
    // The contract keeps the presented token valid until its own exp.
    expect((await call(gateway, 'GET', ME, { token })).status).toBe(200);
  });
});

describe('token expiry', () => {
  let gateway: Started;
  beforeAll(async () => {
    // Two seconds, not one: expiry is in whole seconds (now rounded down + TTL), so a one-second token
    // signed late in a second lived a few milliseconds, and the first call could already get a 401.
    gateway = await startGateway({ tokenTtlS: 2 });
  });
  afterAll(async () => {
    await gateway.dispose();
  });

  it('answers 401 once the token has expired, even after it was cached', async () => {
    const token = await login(gateway, CLAIRE);
    expect((await call(gateway, 'GET', ME, { token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expectUnauthorized(await call(gateway, 'GET', ME, { token }));
    expectUnauthorized(await call(gateway, 'POST', '/authentication/api/refreshToken', { token }));
  });
});
