// Issue 28 items 1 and 4: two gateway instances on one database behave as one. Here two gateways of this
// process on ONE data dir (its SQLite file, WAL: two connections; its PostgreSQL database in gateway-pg),
// with the same secret: the sessions, the retired tokens, the throttle counters and the OIDC provider's
// state are only in the database, and a notification or a session's end reaches the event streams either
// instance holds (db/instance-bus.ts: in-process on SQLite, LISTEN/NOTIFY on PostgreSQL). The requests go
// one after the other: two connections of one thread must never wait for each other's lock (SQLite's busy
// wait would block the thread that holds the other connection), which two processes, the real deployment,
// may.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { makePdf } from '../src/documents/pdf.ts';
import {
  ON_POSTGRES,
  call,
  statusOf,
  json,
  login,
  oidcSignIn,
  openTestDb,
  type Started,
  startGateway,
} from './helpers.ts';

// A replaced token's grace: short for the test's time, long enough that a loaded machine's calls between a
// refresh and the next request stay within it.
const GRACE_MS = 1500;

const SECRET = 'shared-database-test-secret';
const me = (gateway: Started, token: string) => call(gateway, 'GET', '/contact/me', { token });
const loginAs = (gateway: Started, email: string, password: string) =>
  call(gateway, 'POST', '/authentication/api/login', { body: { email, password } });

const STREAM = '/contact/api/contacts/currentuser/notifications/stream';
/** Issue 28 item 4: an event reaches a stream held by either instance within this time. */
const WITHIN_MS = 5000;

/** An open event stream of `token` on `gateway`: what it received so far, read on until a condition. */
async function openStream(gateway: Started, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${gateway.url}${STREAM}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  const state = { received: '', ended: false };
  const reading = (async () => {
    for (;;) {
      const next = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (next.done) break;
      state.received += decoder.decode(next.value);
    }
    state.ended = true;
  })();
  /** Waits (WITHIN_MS at most) until `condition` holds of the stream; false when it never did. */
  const until = async (condition: () => boolean): Promise<boolean> => {
    const deadline = Date.now() + WITHIN_MS;
    while (!condition()) {
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return true;
  };
  expect(await until(() => state.received.includes(': connected'))).toBe(true);
  return {
    state,
    until,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

async function upload(gateway: Started, token: string, name: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(makePdf(name, []))]), name);
  const response = await fetch(`${gateway.url}/account/api/accounts/1001/documents?kind=accounting`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(201);
}

let dataDir: string;
let one: Started;
let two: Started;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gateway-shared-'));
  one = await startGateway({ dataDir, secret: SECRET, refreshGraceMs: GRACE_MS });
  two = await startGateway({ dataDir, secret: SECRET, refreshGraceMs: GRACE_MS });
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
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS + 200));
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

  it('delivers a document uploaded through one to the event stream a person holds on the other, within 5 s', async () => {
    const claire = await login(one, 'claire.solo@demo.test');
    // Marc reads accounting documents on 1001: his stream is held by the other instance.
    const marc = await login(two, 'marc.multi@demo.test');
    const stream = await openStream(two, marc);
    const ownStream = await openStream(one, await login(one, 'marc.multi@demo.test'));
    try {
      await upload(one, claire, 'Across-instances.pdf');
      expect(await stream.until(() => stream.state.received.includes('Across-instances.pdf'))).toBe(true);
      // The instance that recorded it delivers it to its own streams too, once.
      expect(await ownStream.until(() => ownStream.state.received.includes('Across-instances.pdf'))).toBe(
        true,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const { state } of [stream, ownStream])
        expect(state.received.split('Across-instances.pdf').length - 1).toBe(1);
    } finally {
      await stream.close();
      await ownStream.close();
    }
  });

  it('signing out on one ends that session’s event stream on the other, and only that one', async () => {
    const token = await login(one, 'marc.multi@demo.test');
    const other = await login(two, 'marc.multi@demo.test');
    const stream = await openStream(two, token);
    const kept = await openStream(two, other);
    try {
      expect((await call(one, 'POST', '/authentication/api/logout', { token })).status).toBe(204);
      expect(await stream.until(() => stream.state.ended)).toBe(true);
      expect(kept.state.ended).toBe(false);
      // "Sign out everywhere" on one ends the person's other streams on the other.
      expect(
        await statusOf(one, 'POST', '/authentication/api/logout-everywhere', {
          token: await login(one, 'marc.multi@demo.test'),
        }),
      ).toBe(204);
      expect(await kept.until(() => kept.state.ended)).toBe(true);
    } finally {
      await stream.close();
      await kept.close();
    }
  });

  it.skipIf(!ON_POSTGRES)(
    'listens again after its PostgreSQL connection is cut, and delivers what follows',
    async () => {
      const db = await openTestDb(one);
      try {
        const listeners = async () =>
          (
            await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity
              WHERE datname = current_database() AND application_name = 'gateway-bus'`.execute(db)
          ).rows;
        expect((await listeners()).length).toBe(2);
        await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'gateway-bus'`.execute(db);
        const deadline = Date.now() + WITHIN_MS;
        while ((await listeners()).length < 2 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 50));
        expect((await listeners()).length).toBe(2);
      } finally {
        await db.destroy();
      }
      const stream = await openStream(two, await login(two, 'marc.multi@demo.test'));
      try {
        await upload(one, await login(one, 'claire.solo@demo.test'), 'After-the-cut.pdf');
        expect(await stream.until(() => stream.state.received.includes('After-the-cut.pdf'))).toBe(true);
      } finally {
        await stream.close();
      }
    },
  );
});
