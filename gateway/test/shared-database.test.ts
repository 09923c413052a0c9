// Issue 28 items 1 and 4: two gateway instances on one database behave as one for sign-ins. Here two
// gateways of this process on ONE SQLite data dir (WAL: two connections), with the same secret: the
// sessions, the retired tokens, the throttle counters and the OIDC provider's state are only in the
// database. The requests go one after the other: two connections of one thread must never wait for each
// other's lock (SQLite's busy wait would block the thread that holds the other connection), which two
// processes, the real deployment, may.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, json, login, oidcSignIn, type Started, startGateway } from './helpers.ts';

const SECRET = 'shared-database-test-secret';
const me = (gateway: Started, token: string) => call(gateway, 'GET', '/contact/me', { token });
const loginAs = (gateway: Started, email: string, password: string) =>
  call(gateway, 'POST', '/authentication/api/login', { body: { email, password } });

let dataDir: string;
let one: Started;
let two: Started;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gateway-shared-'));
  one = await startGateway({ dataDir, secret: SECRET, refreshGraceMs: 500 });
  two = await startGateway({ dataDir, secret: SECRET, refreshGraceMs: 500 });
});
afterAll(async () => {
  await two.dispose();
  await one.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('two gateways on one database', () => {
  it('a token of one is accepted by the other, and a sign-out on either refuses it on both at once', async () => {
    const token = await login(one, 'claire.solo@demo.test');
    expect((await me(two, token)).status).toBe(200);
    expect((await call(two, 'POST', '/authentication/api/logout', { token })).status).toBe(204);
    expect((await me(one, token)).status).toBe(401);
    expect((await me(two, token)).status).toBe(401);

    // "Sign out everywhere" on one ends the other's sessions of that person too.
    const first = await login(one, 'marc.multi@demo.test');
    const second = await login(two, 'marc.multi@demo.test');
    expect((await me(one, second)).status).toBe(200);
    expect((await call(one, 'POST', '/authentication/api/logout-everywhere', { token: first })).status).toBe(
      204,
    );
    expect((await me(two, second)).status).toBe(401);
    expect((await me(two, first)).status).toBe(401);
  });

  it('the first refresh wins across them: a second refresh of the same token on the other answers the same', async () => {
    const token = await login(one, 'claire.solo@demo.test');
    const refresh = async (gateway: Started) => {
      const answer = await call(gateway, 'POST', '/authentication/api/refreshToken', { token });
      expect(answer.status).toBe(200);
      return json<{ token: string }>(answer).token;
    };
    const fromOne = await refresh(one);
    expect(await refresh(two)).toBe(fromOne);
    // The replaced token dies after its grace on both.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await me(two, token)).status).toBe(401);
    expect((await me(one, token)).status).toBe(401);
    expect((await me(two, fromOne)).status).toBe(200);
  });

  it('counts failed sign-ins together: five wrong passwords spread over both lock the account on both', async () => {
    const email = 'someone.unknown@demo.test';
    for (let index = 0; index < 5; index += 1)
      expect((await loginAs(index % 2 === 0 ? one : two, email, `wrong-${String(index)}`)).status).toBe(401);
    const refused = await loginAs(two, email, 'wrong-again');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await loginAs(one, email, 'wrong-again')).status).toBe(429);
  });

  it('shares the identity provider: an access token issued by one is exchanged by the other', async () => {
    const { tokens } = await oidcSignIn(one, 'paul.collab@demo.test', undefined);
    const exchanged = await call(two, 'POST', '/authentication/api/token-exchange', {
      body: { accessToken: tokens.access_token },
    });
    expect(exchanged.status).toBe(200);
    expect((await me(one, json<{ token: string }>(exchanged).token)).status).toBe(200);
  });
});
