import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logging/logger.ts';
import { createCollectorSink } from './collector-sink.ts';
import type { CollectorSinkOptions } from './collector-sink.ts';

const URL = '/analytics/api/events';
const logger = createLogger({ minLevel: 5, sink: () => undefined });

type Batch = { apiKey: string; token?: string; user?: unknown; events: { event: string }[] };

function setUp(overrides: Partial<CollectorSinkOptions> = {}) {
  const fetched: Batch[] = [];
  const beaconed: Batch[] = [];
  let hide: () => void = () => undefined;
  const fetch = vi.fn((_url: string | URL | Request, init?: RequestInit) => {
    fetched.push(JSON.parse(typeof init?.body === 'string' ? init.body : '') as Batch);
    return Promise.resolve(new Response(null, { status: 204 }));
  });
  const sink = createCollectorSink({
    url: URL,
    logger,
    batchSize: 3,
    flushIntervalMs: 1000,
    fetch,
    sendBeacon: (url, data) => {
      expect(url).toBe(URL);
      beaconed.push(JSON.parse(data) as Batch);
      return true;
    },
    watchPageHidden: (onHidden) => {
      hide = onHidden;
      return () => {
        hide = () => undefined;
      };
    },
    now: () => new Date('2026-11-24T01:00:00.000Z'),
    sessionToken: () => 'session-token',
    ...overrides,
  });
  sink.init('demo-key', { serverZone: 'EU', sessionReplay: {} as never });
  return { sink, fetch, fetched, beaconed, hide: () => hide() };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const names = (batch: Batch | undefined) => batch?.events.map((event) => event.event);

describe('collector sink', () => {
  it('sends a batch as soon as batchSize events wait, with the key and the session token of the identified user', () => {
    const { sink, fetched } = setUp();
    sink.identify('7', { userType: 'Client' });
    sink.track('Feature Consulted', { feature: 'bank' });
    sink.track('Feature Consulted', { feature: 'indicators' });
    expect(fetched).toEqual([]);
    sink.track('Widget Interacted With', { widget: 'news/rss', action: 'open-news' });
    expect(fetched).toHaveLength(1);
    // The collector takes the user from the token, never from a body that could name anyone.
    expect(fetched[0]).toMatchObject({ apiKey: 'demo-key', token: 'session-token' });
    expect(fetched[0]?.user).toBeUndefined();
    expect(fetched[0]?.events[0]).toEqual({
      event: 'Feature Consulted',
      time: '2026-11-24T01:00:00.000Z',
      properties: { feature: 'bank' },
    });
    expect(names(fetched[0])).toEqual(['Feature Consulted', 'Feature Consulted', 'Widget Interacted With']);
  });

  it('sends a lone event after the interval, not before', () => {
    const { sink, fetched } = setUp();
    sink.track('Feature Consulted', { feature: 'bank' });
    vi.advanceTimersByTime(999);
    expect(fetched).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(names(fetched[0])).toEqual(['Feature Consulted']);
    vi.advanceTimersByTime(5000);
    expect(fetched).toHaveLength(1);
  });

  it('sends what waits with sendBeacon when the page is hidden, not with fetch', () => {
    const { sink, fetch, beaconed, hide } = setUp();
    sink.track('Feature Consulted', { feature: 'bank' });
    hide();
    expect(names(beaconed[0])).toEqual(['Feature Consulted']);
    expect(fetch).not.toHaveBeenCalled();
    // Nothing is sent twice: the timer of that event is gone with it.
    vi.advanceTimersByTime(5000);
    expect(fetch).not.toHaveBeenCalled();
    hide();
    expect(beaconed).toHaveLength(1);
  });

  it('falls back to a keepalive fetch when the browser refuses the beacon', () => {
    const { sink, fetch, hide } = setUp({ sendBeacon: () => false });
    sink.track('Feature Consulted', { feature: 'bank' });
    hide();
    expect(fetch).toHaveBeenCalledWith(URL, expect.objectContaining({ method: 'POST', keepalive: true }));
  });

  it('sends the events of the previous user under that user when another signs in, and none after discard', () => {
    const { sink, fetched } = setUp();
    sink.identify('7', { userType: 'Client' });
    sink.track('Feature Consulted', { feature: 'bank' });
    sink.reset();
    expect(fetched[0]?.token).toBe('session-token');
    sink.track('Feature Consulted', { feature: 'apps' });
    vi.advanceTimersByTime(1000);
    expect(fetched[1]?.token).toBeUndefined();
    sink.track('Feature Consulted', { feature: 'bank' });
    sink.discard();
    vi.advanceTimersByTime(5000);
    expect(fetched).toHaveLength(2);
  });

  it('sends at most 20 events a batch, what the collector takes', () => {
    const { sink, fetched } = setUp({ batchSize: 100 });
    for (let sent = 0; sent < 45; sent += 1) sink.track('Feature Consulted', {});
    sink.flush('fetch');
    expect(fetched.map((batch) => batch.events.length)).toEqual([20, 20, 5]);
  });

  it('logs a failed send and keeps working', async () => {
    const lines: string[] = [];
    const fetch = vi.fn(() => Promise.reject(new Error('offline')));
    const { sink } = setUp({
      fetch: fetch as unknown as typeof globalThis.fetch,
      logger: createLogger({ minLevel: 1, sink: (level, message) => lines.push(`${level}: ${message}`) }),
    });
    sink.track('a', {});
    sink.track('b', {});
    sink.track('c', {});
    await vi.runAllTimersAsync();
    expect(lines).toContain('warn: analytics: a batch could not be sent');
    sink.track('d', {});
    vi.advanceTimersByTime(1000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
