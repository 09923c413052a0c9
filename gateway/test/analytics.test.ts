// The analytics collector: what the portal's sink posts (JSON by fetch, text/plain by sendBeacon) is
// stored per event and counted, under the configured key only, with the user of a valid session token
// (never a user the body names), bounded in size and rate, kept a configurable number of days; the
// report prints what it read without letting it drive the terminal.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_PER_ADDRESS } from '../src/analytics/analytics-collector.ts';
import { REPO_ROOT } from '../src/options.ts';
import {
  ON_POSTGRES,
  call,
  statusOf,
  databaseEnvOf,
  login,
  type Started,
  startGateway,
  purgedAtRestart,
  withGateway,
  openTestDb,
} from './helpers.ts';

type Counts = {
  counts: { event: string; count: number }[];
  latest: { event: string; userId: string | null; properties: object; userProperties: object }[];
};

const KEY = 'demo-key';
let gateway: Started;
beforeAll(async () => {
  gateway = await startGateway({ analyticsKey: KEY });
});
afterAll(async () => {
  await gateway.dispose();
});

const time = '2026-11-24T01:00:00.000Z';
const EVENTS = '/analytics/api/events';
const counts = async (on: Started = gateway) => (await call(on, 'GET', '/__admin/analytics')).body as Counts;

describe('analytics collector', () => {
  it('stores a fetch batch and a beacon batch, counted per event, with the user of the session token', async () => {
    const token = await login(gateway, 'claire.solo@demo.test');
    const me = (await call(gateway, 'GET', '/contact/me', { token })).body as { id: number };
    const byFetch = await call(gateway, 'POST', EVENTS, {
      body: {
        apiKey: KEY,
        token,
        events: [
          { event: 'Feature Consulted', time, properties: { feature: 'bank' } },
          { event: 'Widget Interacted With', time, properties: { widget: 'news/rss', action: 'open-news' } },
        ],
      },
    });
    expect(byFetch.status).toBe(204);
    const byBeacon = await call(gateway, 'POST', EVENTS, {
      rawBody: JSON.stringify({
        apiKey: KEY,
        token,
        events: [{ event: 'Feature Consulted', time, properties: { feature: 'indicators' } }],
      }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(byBeacon.status).toBe(204);

    const stored = await counts();
    expect(stored.counts).toEqual([
      { event: 'Feature Consulted', count: 2 },
      { event: 'Widget Interacted With', count: 1 },
    ]);
    expect(stored.latest[0]).toMatchObject({
      event: 'Feature Consulted',
      userId: String(me.id),
      properties: { feature: 'indicators' },
      userProperties: { userType: 'Client', email: 'claire.solo@demo.test' },
    });
  });

  it('never takes a user from the body: no token or an invalid one is anonymous, a named user is refused', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const answer = await call(gateway, 'POST', EVENTS, {
        body: {
          apiKey: KEY,
          ...(token === undefined ? {} : { token }),
          events: [{ event: 'Anonyme', time }],
        },
      });
      expect(answer.status).toBe(204);
      expect((await counts()).latest[0]).toMatchObject({
        event: 'Anonyme',
        userId: null,
        userProperties: {},
      });
    }
    const named = await call(gateway, 'POST', EVENTS, {
      body: {
        apiKey: KEY,
        user: { id: '1', properties: { email: 'ceo@firm.test' } },
        events: [{ event: 'Usurpé', time }],
      },
    });
    expect(named.status).toBe(422);
  });

  it('refuses a wrong or missing key with nothing stored', async () => {
    const before = await counts();
    const event = { event: 'Feature Consulted', time };
    expect(await statusOf(gateway, 'POST', EVENTS, { body: { apiKey: 'guessed', events: [event] } })).toBe(
      401,
    );
    expect((await call(gateway, 'POST', EVENTS, { body: { events: [event] } })).status).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it('refuses a blank key, an empty batch, an oversized one or oversized fields, and stores none of it', async () => {
    const before = await counts();
    const event = { event: 'Feature Consulted', time };
    const manyProperties = Object.fromEntries(
      Array.from({ length: 11 }, (_, index) => [`p${String(index)}`, 1]),
    );
    for (const body of [
      { apiKey: '   ', events: [event] },
      { apiKey: KEY, events: [] },
      { apiKey: KEY, events: Array.from({ length: 21 }, () => event) },
      { apiKey: KEY, events: [{ event: '', time }] },
      { apiKey: KEY, events: [{ event: 'x'.repeat(101), time }] },
      { apiKey: KEY, events: [{ ...event, properties: { feature: 'x'.repeat(201) } }] },
      { apiKey: KEY, events: [{ ...event, properties: { ['k'.repeat(41)]: 1 } }] },
      { apiKey: KEY, events: [{ ...event, properties: manyProperties }] },
      // Terminal escapes and other control characters are no event name.
      { apiKey: KEY, events: [{ event: '\u001b[2J\u001b[31mPwned', time }] },
      { apiKey: KEY, events: [{ ...event, properties: { feature: 'a\u009bb' } }] },
    ]) {
      const answer = await call(gateway, 'POST', EVENTS, { body });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    const notJson = await call(gateway, 'POST', EVENTS, {
      rawBody: 'not json',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.status).toBe(400);
    const big = await call(gateway, 'POST', EVENTS, {
      body: { apiKey: KEY, events: [event], padding: ' '.repeat(20 * 1024) },
    });
    expect(big.status).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it('keeps other text/plain bodies as text (only the collector reads them as JSON)', async () => {
    const answer = await call(gateway, 'POST', '/authentication/api/login', {
      rawBody: '{"email":"claire.solo@demo.test","password":"Demo-2026!"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(answer.status).toBe(422);
  });
});

describe('analytics collector limits', () => {
  it('answers 429 past its rate per client address, wrong keys included', async () => {
    await withGateway({ analyticsKey: KEY }, async (own) => {
      const body = { apiKey: 'guessed', events: [{ event: 'Flood', time }] };
      const statuses: number[] = [];
      for (let sent = 0; sent <= ANALYTICS_PER_ADDRESS.max; sent += 1)
        statuses.push((await call(own, 'POST', EVENTS, { body })).status);
      expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
      const last = await call(own, 'POST', EVENTS, { body: { ...body, apiKey: KEY } });
      expect(statuses.at(-1)).toBe(429);
      expect(last.status).toBe(429);
      expect(last.headers.get('retry-after')).not.toBeNull();
    });
  });

  it('refuses every batch when no key is configured', async () => {
    await withGateway({}, async (own) => {
      const answer = await call(own, 'POST', EVENTS, {
        body: { apiKey: KEY, events: [{ event: 'x', time }] },
      });
      expect(answer.status).toBe(401);
    });
  });

  it('purges every hour while running', async () => {
    // Only the intervals are fake: the purge's hour passes at once, HTTP and the database stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const own = await startGateway({ analyticsKey: KEY, analyticsRetentionDays: 10 });
    try {
      await call(own, 'POST', EVENTS, { body: { apiKey: KEY, events: [{ event: 'Périmé', time }] } });
      const db = await openTestDb(own);
      await db
        .updateTable('analytics_events')
        .set({ received_at: new Date(Date.now() - 11 * 86_400_000).toISOString() })
        .execute();
      await db.destroy();
      expect((await counts(own)).counts).toEqual([{ event: 'Périmé', count: 1 }]);
      vi.advanceTimersByTime(3_600_000);
      // The purge runs on its own connection on PostgreSQL: it may finish after the next request began.
      await vi.waitFor(async () => {
        expect((await counts(own)).counts).toEqual([]);
      });
    } finally {
      vi.useRealTimers();
      await own.dispose();
    }
  });

  it('purges at start the events older than the retention, and keeps the younger ones', async () => {
    await purgedAtRestart('gateway-analytics-', {
      first: { analyticsKey: KEY },
      record: (first) =>
        call(first, 'POST', EVENTS, {
          body: {
            apiKey: KEY,
            events: [
              { event: 'Ancien', time },
              { event: 'Récent', time },
            ],
          },
        }),
      age: async (db, daysAgo) => {
        for (const [event, days] of [
          ['Ancien', 11],
          ['Récent', 9],
        ] as const)
          await db
            .updateTable('analytics_events')
            .set({ received_at: daysAgo(days) })
            .where('event', '=', event)
            .execute();
      },
      second: { analyticsKey: KEY, analyticsRetentionDays: 10 },
      check: async (second) => {
        expect((await counts(second)).counts).toEqual([{ event: 'Récent', count: 1 }]);
      },
    });
  });
});

// The report reads the gateway's database, SQLite or PostgreSQL (GATEWAY_DATABASE_URL), while it runs.
describe('npm run analytics:report', () => {
  it('prints stored names without their control characters, so a name cannot drive the terminal', async () => {
    const db = await openTestDb(gateway);
    try {
      // Stored before the collector refused them: a clear-screen, a colour, an OSC title, a C1 CSI, a bell.
      await db
        .insertInto('analytics_events')
        .values({
          api_key: 'k',
          event: '\u001b[2J\u001b[31mPwned\u001b]0;title\u0007\u009b31m\r',
          user_properties: '{}',
          properties: '{}',
          occurred_at: time,
          received_at: time,
        })
        .execute();
    } finally {
      await db.destroy();
    }
    const printed = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/analytics-report.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...(await databaseEnvOf(gateway.dataDir)) },
      encoding: 'utf8',
    });
    expect(printed).toContain('Pwned');
    // eslint-disable-next-line no-control-regex -- what must not be printed
    expect(printed.replace(/\n/g, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    // A database's password is not printed with its name.
    if (ON_POSTGRES) expect(printed).toContain(':***@');
  });
});
