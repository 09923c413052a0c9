import { describe, expect, it } from 'vitest';
import { call, json } from './helpers.ts';
import { gatewaySuite } from './gateway-suite.ts';

const kit = gatewaySuite(['claire']);

function expectError(answer: { status: number; body: unknown; headers: Headers }, status: number): void {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toContain('application/json');
  expect(answer.body).toEqual({ error: expect.any(String) as string, message: expect.any(String) as string });
  expect(JSON.stringify(answer.body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
}

const usersOf1001 = async () =>
  json<{ items: { email: string }[] }>(
    await call(kit.gateway, 'GET', '/account/api/accounts/1001/users', { token: kit.claire }),
  ).items;

describe('bad input', () => {
  it('answers 400 to a malformed JSON body and writes nothing', async () => {
    const before = await usersOf1001();
    expectError(
      await call(kit.gateway, 'POST', '/authentication/api/login', {
        rawBody: '{"email": "claire.solo@demo.test", ',
      }),
      400,
    );
    expectError(
      await call(kit.gateway, 'POST', '/account/api/accounts/1001/users', {
        token: kit.claire,
        rawBody: '{"email":',
      }),
      400,
    );
    expect(await usersOf1001()).toEqual(before);
  });

  // Wrong types, missing fields, bad queries, unknown routes, non-numeric ids; `as` sends that persona's token.
  type Refused = [status: number, method: string, path: string, sent?: { body?: unknown; as?: 'claire' }];
  it.each<Refused>([
    [
      422,
      'POST',
      '/authentication/api/login',
      { body: { email: 'claire.solo@demo.test', password: 12345678 } },
    ],
    [422, 'POST', '/authentication/api/login', { body: { email: 'claire.solo@demo.test' } }],
    [422, 'POST', '/authentication/api/login', { body: ['claire.solo@demo.test'] }],
    [
      422,
      'PUT',
      '/contact/api/contacts/currentuser/notification-settings',
      { as: 'claire', body: { favouritesOnly: 'yes', types: {} } },
    ],
    [400, 'GET', '/contact/api/terms/latest/content?language=de', { as: 'claire' }],
    [400, 'PATCH', '/contact/api/contacts/currentuser/terms', { as: 'claire' }],
    [404, 'GET', '/nothing/here', { as: 'claire' }],
    [404, 'DELETE', '/contact/me', { as: 'claire' }],
    [400, 'GET', '/connect/api/accounts/abc/summary', { as: 'claire' }],
    [400, 'GET', '/connect/api/accounts/1001.5/summary', { as: 'claire' }],
    [400, 'GET', '/authorization/api/authorization/currentuser?accountId=1001abc', { as: 'claire' }],
    [400, 'DELETE', '/account/api/accounts/1001/users/me', { as: 'claire' }],
  ])('answers %i with a JSON error to %s %s', async (status, method, path, sent = {}) => {
    const token = sent.as === undefined ? {} : { token: kit[sent.as] };
    expectError(await call(kit.gateway, method, path, { ...token, body: sent.body }), status);
  });

  it('answers 413 to an oversized body', async () => {
    const big = { email: 'claire.solo@demo.test', password: 'x'.repeat(150 * 1024) };
    expectError(await call(kit.gateway, 'POST', '/authentication/api/login', { body: big }), 413);
  });

  it('treats SQL-looking strings as data', async () => {
    const injection = "' OR 1=1; DROP TABLE users; --";
    expectError(
      await call(kit.gateway, 'POST', '/authentication/api/login', {
        body: { email: injection, password: injection },
      }),
      401,
    );
    const search = await call(
      kit.gateway,
      'GET',
      `/account/api/accounts/currentuser?search=${encodeURIComponent(injection)}`,
      { token: kit.claire },
    );
    expect(search.status).toBe(200);
    expect(json<{ totalItems: number }>(search).totalItems).toBe(0);
    const wildcard = await call(
      kit.gateway,
      'GET',
      `/account/api/accounts/currentuser?search=${encodeURIComponent('%')}`,
      { token: kit.claire },
    );
    expect(json<{ totalItems: number }>(wildcard).totalItems).toBe(0);
    const added = await call(kit.gateway, 'POST', '/account/api/accounts/1001/users', {
      token: kit.claire,
      body: {
        email: "robert');DROP-TABLE-users;--@demo.test",
        firstName: 'Robert',
        lastName: "'); DELETE FROM memberships; --",
      },
    });
    expect(added.status).toBe(201);
    const users = await usersOf1001();
    expect(users.map((user) => user.email)).toContain("robert');DROP-TABLE-users;--@demo.test");
    expect((await call(kit.gateway, 'GET', '/contact/me', { token: kit.claire })).status).toBe(200);
  });

  it('loses nothing when a write is refused half-way', async () => {
    const before = await usersOf1001();
    // Valid body, but the e-mail is a collaborator's: refused inside the transaction after the lookup.
    expectError(
      await call(kit.gateway, 'POST', '/account/api/accounts/1001/users', {
        token: kit.claire,
        body: { email: 'paul.collab@demo.test', firstName: 'P', lastName: 'C' },
      }),
      409,
    );
    // Already attached: refused after the user lookup; nothing inserted.
    expectError(
      await call(kit.gateway, 'POST', '/account/api/accounts/1001/users', {
        token: kit.claire,
        body: { email: 'marc.multi@demo.test', firstName: 'M', lastName: 'M' },
      }),
      409,
    );
    expectError(
      await call(kit.gateway, 'PATCH', '/contact/api/contacts/currentuser/terms?termsId=1', {
        token: kit.claire,
      }),
      409,
    );
    expect(await usersOf1001()).toEqual(before);
    expect(
      (await call(kit.gateway, 'GET', '/contact/api/contacts/currentuser/terms', { token: kit.claire })).body,
    ).toMatchObject({ isCurrent: true });
  });
});
