// The analytics collector: what the portal's sink posts (JSON by fetch, text/plain by sendBeacon) is
// stored per event and counted; a blank key or a bad batch stores nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Started, startGateway } from './helpers.ts';

type Counts = {
  counts: { event: string; count: number }[];
  latest: { event: string; userId: string | null; properties: object; userProperties: object }[];
};

let gateway: Started;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.dispose();
});

const time = '2026-11-24T01:00:00.000Z';
const counts = async () => (await call(gateway, 'GET', '/__admin/analytics')).body as Counts;

describe('analytics collector', () => {
  it('stores a fetch batch and a beacon batch, counted per event with their user', async () => {
    const user = { id: '7', properties: { userType: 'Client', email: 'claire.solo@demo.test' } };
    const byFetch = await call(gateway, 'POST', '/analytics/api/events', {
      body: {
        apiKey: 'demo-key',
        user,
        events: [
          { event: 'Feature Consulted', time, properties: { feature: 'bank' } },
          { event: 'Widget Interacted With', time, properties: { widget: 'news/rss', action: 'open-news' } },
        ],
      },
    });
    expect(byFetch.status).toBe(204);
    const byBeacon = await call(gateway, 'POST', '/analytics/api/events', {
      rawBody: JSON.stringify({
        apiKey: 'demo-key',
        user,
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
      userId: '7',
      properties: { feature: 'indicators' },
      userProperties: { userType: 'Client', email: 'claire.solo@demo.test' },
    });
  });

  it('refuses a blank key, an empty batch or an oversized one, and stores none of it', async () => {
    const before = await counts();
    const event = { event: 'Feature Consulted', time };
    for (const body of [
      { apiKey: '   ', events: [event] },
      { apiKey: 'demo-key', events: [] },
      { apiKey: 'demo-key', events: Array.from({ length: 51 }, () => event) },
      { apiKey: 'demo-key', events: [{ event: '', time }] },
    ]) {
      const answer = await call(gateway, 'POST', '/analytics/api/events', { body });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    const notJson = await call(gateway, 'POST', '/analytics/api/events', {
      rawBody: 'not json',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.status).toBe(400);
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
