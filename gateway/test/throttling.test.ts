// Item 3 of issue 10: credentials cannot be tried at will, and a burst of wrong ones does not slow the
// good ones.
import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer } from '../../scripts/static-server.ts';
import { PASSWORD_MIN_LENGTH, passwordProblem } from '../../kernel/contract/password-rule.ts';
import { type Limit, type Throttle, createThrottle, TooManyRequests } from '../src/auth/throttle.ts';
import { type Db, sqliteDb } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { postgresDb } from '../src/db/postgres.ts';
import { optionsFromEnv } from '../src/options.ts';
import {
  ON_POSTGRES,
  call,
  statusOf,
  json,
  login,
  oidcClient,
  followInside,
  openTestDb,
  type Started,
  startGateway,
  withGateway,
} from './helpers.ts';
import { createTestDatabase } from './postgres.ts';

const loginAs = (gateway: Started, email: string, password: string) =>
  call(gateway, 'POST', '/authentication/api/login', { body: { email, password } });

let gateway: Started;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.dispose();
});

describe('sign-in throttling', () => {
  it('200 wrong passwords at once: 429 with Retry-After appears, and a good login stays fast', async () => {
    const burst = Array.from({ length: 200 }, (_, index) =>
      loginAs(gateway, 'marc.multi@demo.test', `wrong-password-${String(index)}`),
    );
    const answers = await Promise.all(burst);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(190);
    const retryAfter = Number(limited[0]?.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(json<{ retryAfterS: number }>(limited[0] ?? answers[0]!).retryAfterS).toBe(retryAfter);
    // Even the right password waits while the account is locked…
    expect((await loginAs(gateway, 'marc.multi@demo.test', 'Demo-2026!')).status).toBe(429);
    // …but another person is not held up (the burst was cut off before hashing).
    const started = performance.now();
    await login(gateway, 'claire.solo@demo.test');
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('limits one address across accounts, and a success does not count', async () => {
    await withGateway({ limits: { loginPerAddress: { max: 3, windowMs: 60_000 } } }, async (busy) => {
      await login(busy, 'claire.solo@demo.test');
      await login(busy, 'claire.solo@demo.test');
      for (const email of ['a@demo.test', 'b@demo.test', 'c@demo.test'])
        expect((await loginAs(busy, email, 'wrong-password')).status).toBe(401);
      expect((await loginAs(busy, 'd@demo.test', 'wrong-password')).status).toBe(429);
    });
  });

  it('throttles the OIDC password step of the same account', async () => {
    const client = oidcClient(gateway);
    const { response } = await client.authorize();
    const page = await followInside(client, gateway, response);
    if (typeof page === 'string') throw new Error('expected the sign-in page');
    const action = /action="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    const statuses: number[] = [];
    for (let index = 0; index < 7; index += 1)
      statuses.push(
        (await client.postForm(action, { email: 'lea.collab@demo.test', password: 'nope' })).status,
      );
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

// Addresses of documentation (RFC 5737): the attacker's machine and the victim's.
const ATTACKER = '203.0.113.66';
const VICTIM = '198.51.100.10';

const loginFrom = (gateway: Started, email: string, password: string, forwardedFor: string) =>
  call(gateway, 'POST', '/authentication/api/login', {
    body: { email, password },
    headers: { 'x-forwarded-for': forwardedFor },
  });

/** The collaborators' password step from a given address: the answer's status (303: signed in). */
async function oidcPasswordFrom(gateway: Started, email: string, password: string, forwardedFor: string) {
  const client = oidcClient(gateway);
  const page = await followInside(client, gateway, (await client.authorize()).response);
  if (typeof page === 'string') throw new Error('expected the sign-in page');
  const action = /action="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  const response = await fetch(new URL(action, gateway.url), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      cookie: client.jar.header(),
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': forwardedFor,
    },
    body: new URLSearchParams({ email, password }).toString(),
  });
  return response.status;
}

describe('throttling slows the attacker, not the victim (behind a trusted proxy)', () => {
  let proxied: Started;
  beforeAll(async () => {
    proxied = await startGateway({ trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await proxied.dispose();
  });

  it("a person signs in from another address while the attacker's address gets 429", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 7; index += 1)
      statuses.push(
        (await loginFrom(proxied, 'marc.multi@demo.test', `wrong-${String(index)}`, ATTACKER)).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // The attacker's machine is stopped even with the right password…
    expect((await loginFrom(proxied, 'marc.multi@demo.test', 'Demo-2026!', ATTACKER)).status).toBe(429);
    // …the person on their own machine is not.
    expect((await loginFrom(proxied, 'marc.multi@demo.test', 'Demo-2026!', VICTIM)).status).toBe(200);

    // The same for the collaborators' password step (its counter is the same).
    for (let index = 0; index < 5; index += 1)
      expect(await oidcPasswordFrom(proxied, 'lea.collab@demo.test', 'nope', ATTACKER)).toBe(401);
    expect(await oidcPasswordFrom(proxied, 'lea.collab@demo.test', 'Demo-2026!', ATTACKER)).toBe(429);
    expect(await oidcPasswordFrom(proxied, 'lea.collab@demo.test', 'Demo-2026!', VICTIM)).toBe(303);
  });

  it('a flood of unknown e-mails from one address stops that address only', async () => {
    const flooder = '203.0.113.77';
    const statuses: number[] = [];
    for (let index = 0; index < 22; index += 1)
      statuses.push((await loginFrom(proxied, `nobody-${String(index)}@demo.test`, 'wrong', flooder)).status);
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    expect((await loginFrom(proxied, 'claire.solo@demo.test', 'Demo-2026!', flooder)).status).toBe(429);
    expect((await loginFrom(proxied, 'claire.solo@demo.test', 'Demo-2026!', '198.51.100.11')).status).toBe(
      200,
    );
    expect(await oidcPasswordFrom(proxied, 'lea.collab@demo.test', 'Demo-2026!', '198.51.100.11')).toBe(303);
    // Reset requests are counted per address too.
    expect(
      await statusOf(proxied, 'POST', '/authentication/api/resetPassword', {
        body: { email: 'claire.solo@demo.test' },
        headers: { 'x-forwarded-for': '198.51.100.11' },
      }),
    ).toBe(204);
  });

  it('guessing spread over many addresses meets a per-account ceiling that spares a known address', async () => {
    const spread = await startGateway({
      trustProxy: ['127.0.0.1'],
      limits: { loginPerAccount: { max: 6, windowMs: 60_000 } },
    });
    try {
      // The person signed in from home earlier.
      expect((await loginFrom(spread, 'nina.terms@demo.test', 'Demo-2026!', VICTIM)).status).toBe(200);
      for (let index = 0; index < 6; index += 1)
        expect(
          (await loginFrom(spread, 'nina.terms@demo.test', 'wrong', `203.0.113.${String(index)}`)).status,
        ).toBe(401);
      expect((await loginFrom(spread, 'nina.terms@demo.test', 'wrong', '203.0.113.100')).status).toBe(429);
      expect((await loginFrom(spread, 'nina.terms@demo.test', 'Demo-2026!', '192.0.2.55')).status).toBe(429);
      expect((await loginFrom(spread, 'nina.terms@demo.test', 'Demo-2026!', VICTIM)).status).toBe(200);
    } finally {
      await spread.dispose();
    }
  });
});

describe("the caller's address", () => {
  it('reads GATEWAY_TRUST_PROXY as a hop count or a list of addresses and ranges, and refuses on', () => {
    const trust = (value: string) => optionsFromEnv({ GATEWAY_TRUST_PROXY: value }, []).trustProxy;
    expect(trust('')).toBe(0);
    expect(trust('off')).toBe(0);
    expect(trust('1')).toBe(1);
    expect(trust('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(() => trust('on')).toThrow(/no longer accepted/);
    expect(() => trust('10.0.0.0/33')).toThrow(/not an address/);
    expect(() => trust('proxy.example')).toThrow(/not an address/);
  });

  it('trusts X-Forwarded-For only from the configured proxies, and only the hops they add', async () => {
    const limits = { loginPerAddress: { max: 3, windowMs: 60_000 } };
    const tryFrom = (gateway: Started, forwardedFor: string, email = 'x@demo.test') =>
      loginFrom(gateway, email, 'wrong', forwardedFor).then((answer) => answer.status);
    // A peer that is not one of the proxies: what it writes is ignored, it is counted under its own address.
    const untrusted = await startGateway({ trustProxy: ['192.0.2.1'], limits });
    // One hop: the address the proxy saw is the last entry, whatever the client put before it.
    const oneHop = await startGateway({ trustProxy: 1, limits });
    // The proxy's address: the same, read past the proxy only.
    const listed = await startGateway({ trustProxy: ['127.0.0.1'], limits });
    try {
      for (const index of [1, 2, 3]) expect(await tryFrom(untrusted, `203.0.113.${String(index)}`)).toBe(401);
      expect(await tryFrom(untrusted, '203.0.113.4')).toBe(429);
      for (const gateway of [oneHop, listed]) {
        for (const index of [1, 2, 3])
          expect(await tryFrom(gateway, `10.0.0.${String(index)}, ${ATTACKER}`)).toBe(401);
        expect(await tryFrom(gateway, `10.0.0.4, ${ATTACKER}`)).toBe(429);
        expect(await tryFrom(gateway, `${ATTACKER}, ${VICTIM}`)).toBe(401);
      }
    } finally {
      await Promise.all([untrusted.dispose(), oneHop.dispose(), listed.dispose()]);
    }
  });

  it('a forged X-Forwarded-For through the static server is counted under the real address', async () => {
    const gateway = await startGateway({
      trustProxy: ['127.0.0.1'],
      limits: { loginPerAddress: { max: 3, windowMs: 60_000 } },
    });
    const root = mkdtempSync(join(tmpdir(), 'portal-forged-'));
    writeFileSync(
      join(root, 'index.html'),
      `<meta http-equiv="Content-Security-Policy" content="default-src 'self'">`,
    );
    const portal = createStaticServer({
      root,
      gatewayTarget: gateway.url,
      proxyPaths: ['/authentication/api/'],
    });
    await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
    const port = (portal.address() as AddressInfo).port;
    // 127.0.0.0/8 is all loopback: the attacker connects from 127.0.0.2, the person from 127.0.0.1.
    const post = (localAddress: string, forged: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            localAddress,
            method: 'POST',
            path: '/authentication/api/login',
            headers: {
              // The gateway answers its own host names and the portal's (none configured here).
              host: new URL(gateway.url).host,
              'content-type': 'application/json',
              'x-forwarded-for': forged,
              forwarded: `for=${forged}`,
              'x-real-ip': forged,
            },
          },
          (response) => {
            response.resume();
            response.on('end', () => {
              resolve(response.statusCode ?? 0);
            });
          },
        );
        request.on('error', reject);
        request.end(JSON.stringify({ email: 'y@demo.test', password: 'wrong' }));
      });
    try {
      for (const index of [1, 2, 3]) expect(await post('127.0.0.2', `198.51.100.${String(index)}`)).toBe(401);
      expect(await post('127.0.0.2', '198.51.100.4')).toBe(429);
      expect(await post('127.0.0.1', '127.0.0.2')).toBe(401);
    } finally {
      portal.close();
      portal.closeAllConnections();
      rmSync(root, { recursive: true, force: true });
      await gateway.dispose();
    }
  });
});

describe('the throttle counters in the database', () => {
  // A migrated database of its own per test (an SQLite file, or a PostgreSQL database in gateway-pg):
  // createThrottle counts in it, with an injected clock. `connect` opens another connection to it.
  const opened: { dir: string; db: Db; drop: () => Promise<void> }[] = [];
  const migrated = async (): Promise<{ db: Db; connect: () => Db }> => {
    const dir = mkdtempSync(join(tmpdir(), 'throttle-test-'));
    let connect: () => Db;
    let drop = () => Promise.resolve();
    if (ON_POSTGRES) {
      const database = await createTestDatabase();
      connect = () => postgresDb(database.url, { poolSize: 2 });
      drop = database.drop;
    } else {
      const file = join(dir, 'gateway.sqlite');
      await migrateToLatest(file);
      connect = () => sqliteDb(new BetterSqlite3(file));
    }
    const db = connect();
    opened.push({ dir, db, drop });
    return { db, connect };
  };
  afterEach(async () => {
    for (const { dir, db, drop } of opened.splice(0)) {
      await db.destroy();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
  const refusedBy = async (throttle: Throttle, keys: [string, Limit][]) => {
    try {
      await throttle.take(keys);
      return false;
    } catch (error) {
      if (error instanceof TooManyRequests) return true;
      throw error;
    }
  };

  it('keeps counting a key under a flood of other keys: nothing is let go before its window ends', async () => {
    // The in-process counters had a bound and let the least recently used keys go; in the database there
    // is no bound to overflow, so a flood of new keys never frees a counter early.
    const throttle = createThrottle((await migrated()).db);
    const limit = { max: 3, windowMs: 60_000 };
    const attacker: [string, Limit][] = [['login:203.0.113.66', limit]];
    for (let index = 0; index < 3; index += 1) await throttle.take(attacker);
    for (let index = 0; index < 3000; index += 1) {
      await throttle.take([[`account:flood-${String(index)}@demo.test`, limit]]);
      if (index % 500 === 0) expect(await refusedBy(throttle, attacker)).toBe(true);
    }
    expect(await refusedBy(throttle, attacker)).toBe(true);
    expect(await throttle.size()).toBe(3001);
  });

  it('slides its window, gives an attempt back, and purges a key once its longest window has passed', async () => {
    let now = 1_000_000;
    const throttle = createThrottle((await migrated()).db, () => now);
    const limit = { max: 2, windowMs: 60_000 };
    await throttle.take([['a', limit]]);
    now += 10_000;
    const giveBack = await throttle.take([['a', limit]]);
    await expect(throttle.take([['a', limit]])).rejects.toMatchObject({ retryAfterS: 50 });
    await giveBack();
    now += 20_000;
    await throttle.take([['a', limit]]);
    await expect(throttle.take([['a', limit]])).rejects.toMatchObject({ retryAfterS: 30 });
    now += 30_001; // the first one left the window
    expect(await refusedBy(throttle, [['a', limit]])).toBe(false);
    await throttle.note('known', 3_600_000);
    expect(await throttle.happened('known', 3_600_000)).toBe(true);
    expect(await throttle.size()).toBe(2);
    // Past a's window (and a minute since the last purge): a's row goes, the noted key stays for its hour.
    now += 61_000;
    await throttle.take([['b', limit]]);
    expect(await throttle.size()).toBe(2);
    expect(await throttle.happened('known', 3_600_000)).toBe(true);
    now += 3_600_000;
    expect(await throttle.happened('known', 3_600_000)).toBe(false);
    await throttle.take([['c', limit]]);
    expect(await throttle.size()).toBe(1);
  });

  it('counts the attempts of two throttles on one database together (two instances)', async () => {
    const { db, connect } = await migrated();
    const other = connect();
    try {
      const limit = { max: 4, windowMs: 60_000 };
      const one = createThrottle(db);
      const two = createThrottle(other);
      // One after the other: two connections of one thread must not wait for each other's lock (SQLite's
      // busy wait blocks the thread that holds the other connection); two processes may.
      const answers: boolean[] = [];
      for (let index = 0; index < 10; index += 1)
        answers.push(await refusedBy(index % 2 === 0 ? one : two, [['shared', limit]]));
      expect(answers.filter((refused) => !refused)).toHaveLength(4);
      await two.clear('shared');
      expect(await refusedBy(one, [['shared', limit]])).toBe(false);
    } finally {
      await other.destroy();
    }
  });
});

describe('password reset throttling', () => {
  it('sends at most one e-mail per address every few minutes', async () => {
    const email = 'sam.nousers@demo.test';
    for (let index = 0; index < 3; index += 1)
      expect(await statusOf(gateway, 'POST', '/authentication/api/resetPassword', { body: { email } })).toBe(
        204,
      );
    const inbox = json<{ messages: unknown[] }>(
      await call(gateway, 'GET', `/authentication/api/dev/inbox?email=${email}`),
    );
    expect(inbox.messages).toHaveLength(1);
  });

  it('answers 429 to an address that asks too often', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1)
      statuses.push(
        (
          await call(gateway, 'POST', '/authentication/api/resetPassword', {
            body: { email: `x${String(index)}@demo.test` },
          })
        ).status,
      );
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  });

  it('checks the reset token before hashing, and limits guesses', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1)
      statuses.push(
        (
          await call(gateway, 'POST', '/authentication/api/createNewPassword', {
            body: { token: `guess-${String(index)}`, password: 'A long enough passphrase' },
          })
        ).status,
      );
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('password rule', () => {
  it('refuses short, blank and common passwords, in the gateway as in the portal', () => {
    expect(passwordProblem('Demo-2026!')).toBe('tooShort');
    expect(passwordProblem(' '.repeat(PASSWORD_MIN_LENGTH))).toBe('blank');
    expect(passwordProblem('Password2026!')).toBe('common');
    expect(passwordProblem('azertyuiop123')).toBe('common');
    expect(passwordProblem('aaaaaaaaaaaaaa')).toBe('common');
    expect(passwordProblem('un cheval bleu mange des pommes')).toBeNull();
  });
});

describe('password hashes', () => {
  it('stores OWASP-level scrypt hashes and re-hashes an old one at the next sign-in', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gateway-rehash-'));
    try {
      const old = await startGateway({ dataDir, scrypt: { N: 2 ** 10, r: 8, p: 1 } });
      await old.dispose();
      await withGateway({ dataDir, scrypt: { N: 2 ** 13, r: 8, p: 10 } }, async (today) => {
        const read = async () => {
          const db = await openTestDb({ dataDir }, { readonly: true });
          try {
            const row = await db
              .selectFrom('users')
              .select('password_hash')
              .where('email', '=', 'claire.solo@demo.test')
              .executeTakeFirstOrThrow();
            return row.password_hash;
          } finally {
            await db.destroy();
          }
        };
        expect(await read()).toMatch(/^scrypt\$1024\$8\$1\$/);
        await login(today, 'claire.solo@demo.test');
        expect(await read()).toMatch(/^scrypt\$8192\$8\$10\$/);
        await login(today, 'claire.solo@demo.test');
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
