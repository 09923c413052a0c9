// Item 3 of issue 10: credentials cannot be tried at will, and a burst of wrong ones does not slow the
// good ones.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH, passwordProblem } from '../contract/password-rule.ts';
import { call, json, login, oidcClient, followInside, type Started, startGateway } from './helpers.ts';

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
    const busy = await startGateway({ limits: { loginPerAddress: { max: 3, windowMs: 60_000 } } });
    try {
      await login(busy, 'claire.solo@demo.test');
      await login(busy, 'claire.solo@demo.test');
      for (const email of ['a@demo.test', 'b@demo.test', 'c@demo.test'])
        expect((await loginAs(busy, email, 'wrong-password')).status).toBe(401);
      expect((await loginAs(busy, 'd@demo.test', 'wrong-password')).status).toBe(429);
    } finally {
      await busy.dispose();
    }
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

describe('password reset throttling', () => {
  it('sends at most one e-mail per address every few minutes', async () => {
    const email = 'sam.nousers@demo.test';
    for (let index = 0; index < 3; index += 1)
      expect(
        (await call(gateway, 'POST', '/authentication/api/resetPassword', { body: { email } })).status,
      ).toBe(204);
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
      const today = await startGateway({ dataDir, scrypt: { N: 2 ** 13, r: 8, p: 10 } });
      try {
        const { default: Database } = await import('better-sqlite3');
        const read = () => {
          const db = new Database(join(dataDir, 'gateway.sqlite'), { readonly: true });
          const row = db
            .prepare("SELECT password_hash FROM users WHERE email = 'claire.solo@demo.test'")
            .get() as {
            password_hash: string;
          };
          db.close();
          return row.password_hash;
        };
        expect(read()).toMatch(/^scrypt\$1024\$8\$1\$/);
        await login(today, 'claire.solo@demo.test');
        expect(read()).toMatch(/^scrypt\$8192\$8\$10\$/);
        await login(today, 'claire.solo@demo.test');
      } finally {
        await today.dispose();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
