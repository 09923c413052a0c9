// Item 1 of issue 10: the demo inbox must not be a way into someone else's account.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../src/db/connection.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, json, login, rawGet, type Started, startGateway, withGateway, openTestDb } from './helpers.ts';

type Inbox = { messages: { to: string; link: string }[] };

const PORTAL = 'http://127.0.0.1:5173';
const portalHost = new URL(PORTAL).host;
const inboxPath = (email: string) => `/authentication/api/dev/inbox?email=${encodeURIComponent(email)}`;
const requestReset = (gateway: Started, email: string) =>
  call(gateway, 'POST', '/authentication/api/resetPassword', { body: { email } });

let gateway: Started;
const logLines: string[] = [];
beforeAll(async () => {
  gateway = await startGateway({
    portalUrl: PORTAL,
    // Several links per person here; the one-mail-per-few-minutes rule has its own test (throttling).
    limits: { resetMailPerAccount: { max: 10, windowMs: 60_000 } },
    logLevel: 'info',
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await gateway.dispose();
});

describe('demo inbox', () => {
  it('is not served through the portal’s proxy (its requests carry the portal’s Host)', async () => {
    await requestReset(gateway, 'claire.solo@demo.test');
    const viaPortal = await rawGet(gateway, inboxPath('claire.solo@demo.test'), { host: portalHost });
    expect(viaPortal.status).toBe(403);
    expect(viaPortal.body).not.toContain('resetPasswordForm');
  });

  it('is not served to a web page (an Origin header: no CORS, no answer)', async () => {
    const fromPage = await rawGet(gateway, inboxPath('claire.solo@demo.test'), { origin: PORTAL });
    expect(fromPage.status).toBe(403);
    expect(fromPage.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('is not served to a relayed request', async () => {
    const relayed = await call(gateway, 'GET', inboxPath('claire.solo@demo.test'), {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(relayed.status).toBe(403);
  });

  it('is served to a direct caller in demo mode', async () => {
    const direct = await call(gateway, 'GET', inboxPath('claire.solo@demo.test'));
    expect(direct.status).toBe(200);
    expect(json<Inbox>(direct).messages.length).toBeGreaterThan(0);
  });

  it('does not exist without the demo setting', async () => {
    await withGateway({ demo: false }, async (plain) => {
      expect((await call(plain, 'GET', inboxPath('claire.solo@demo.test'))).status).toBe(404);
    });
  });
});

describe('host names', () => {
  it('refuses a Host it does not serve (DNS rebinding), on the API and on the identity provider', async () => {
    const api = await rawGet(gateway, '/health', { host: 'evil.example:4010' });
    expect(api.status).toBe(421);
    const oidc = await rawGet(gateway, '/oidc/.well-known/openid-configuration', {
      host: 'evil.example:4010',
    });
    expect(oidc.status).toBe(421);
  });

  it('answers the portal’s proxy for the API', async () => {
    expect((await rawGet(gateway, '/health', { host: portalHost })).status).toBe(200);
  });
});

describe('reset links', () => {
  it('never writes a reset link to the log', async () => {
    logLines.length = 0;
    await requestReset(gateway, 'marc.multi@demo.test');
    const [message] = json<Inbox>(await call(gateway, 'GET', inboxPath('marc.multi@demo.test'))).messages;
    const token = new URL(message?.link ?? '').searchParams.get('token') ?? '';
    expect(token).not.toBe('');
    expect(logLines.join('\n')).not.toContain(token);
    expect(logLines.join('\n')).toContain('password reset link sent');
  });

  it('finds the person and their e-mails whatever the case of the address typed', async () => {
    await requestReset(gateway, 'Sam.NoUsers@Demo.TEST');
    const messages = json<Inbox>(await call(gateway, 'GET', inboxPath('SAM.NOUSERS@demo.test'))).messages;
    expect(messages.map((message) => message.to)).toContain('sam.nousers@demo.test');
  });

  it('sends none to a collaborator (their password belongs to the identity provider)', async () => {
    expect((await requestReset(gateway, 'paul.collab@demo.test')).status).toBe(204);
    expect(json<Inbox>(await call(gateway, 'GET', inboxPath('paul.collab@demo.test'))).messages).toEqual([]);
  });

  it('keeps one live link per user: a newer link retires the older one', async () => {
    const email = 'nina.terms@demo.test';
    await requestReset(gateway, email);
    await requestReset(gateway, email);
    const links = json<Inbox>(await call(gateway, 'GET', inboxPath(email))).messages.map(
      (message) => new URL(message.link).searchParams.get('token') ?? '',
    );
    expect(links).toHaveLength(2);
    const [older, newer] = links;
    const setWith = (token: string | undefined, password: string) =>
      call(gateway, 'POST', '/authentication/api/createNewPassword', { body: { token, password } });
    expect((await setWith(older, 'Older-link-2026!')).status).toBe(400);
    expect((await setWith(newer, 'Newer-link-2026!')).status).toBe(204);
    await expect(login(gateway, email, 'Newer-link-2026!')).resolves.toEqual(expect.any(String));
  });
});

describe('retention (issue 27, item 9)', () => {
  const DAY_MS = 24 * 3600 * 1000;
  // A connection of the test's own to the gateway's file, through the same Kysely tables as the store.
  const withDb = async <T>(dataDir: string, work: (db: Db) => Promise<T>): Promise<T> => {
    const db = await openTestDb({ dataDir });
    try {
      return await work(db);
    } finally {
      await db.destroy();
    }
  };
  const addRow = (dataDir: string, to: string, ageDays: number) =>
    withDb(dataDir, async (db) => {
      await db
        .insertInto('inbox')
        .values({
          to_email: to,
          subject: 'Ancien message',
          link: 'http://127.0.0.1:5173/',
          created_at: new Date(Date.now() - ageDays * DAY_MS).toISOString(),
        })
        .execute();
    });
  const rows = (dataDir: string) =>
    withDb(dataDir, (db) => db.selectFrom('inbox').select('to_email').orderBy('id').execute());

  it('drops rows older than the retention and keeps at most the newest rows, at each new mail and at start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'inbox-retention-'));
    const settings = {
      dataDir,
      inboxRetentionDays: 7,
      inboxMaxRows: 3,
      limits: { resetMailPerAccount: { max: 10, windowMs: 60_000 } },
    };
    try {
      await withGateway(settings, async (first) => {
        await addRow(dataDir, 'old@demo.test', 8);
        await addRow(dataDir, 'recent@demo.test', 6);
        await requestReset(first, 'claire.solo@demo.test');
        expect((await rows(dataDir)).map((row) => row.to_email)).toEqual([
          'recent@demo.test',
          'claire.solo@demo.test',
        ]);
        for (const email of ['marc.multi@demo.test', 'nina.terms@demo.test', 'sam.nousers@demo.test'])
          await requestReset(first, email);
        expect((await rows(dataDir)).map((row) => row.to_email)).toEqual([
          'marc.multi@demo.test',
          'nina.terms@demo.test',
          'sam.nousers@demo.test',
        ]);
      });
      // Rows that aged while nobody wrote go at the next start.
      await addRow(dataDir, 'old@demo.test', 30);
      await withGateway(settings, async () => {
        expect((await rows(dataDir)).map((row) => row.to_email)).not.toContain('old@demo.test');
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
