import { describe, expect, it, vi } from 'vitest';
import { createEventStreamParser, type StreamState, watchNotificationStream } from './notification-stream.ts';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('event stream parser', () => {
  it('gives each event once it is complete, across chunks, skipping comments', () => {
    const events: { event: string; data: string }[] = [];
    const parse = createEventStreamParser((event) => events.push(event));
    parse('retry: 3000\n: connected\n\nevent: notification\nid: 4\nda');
    expect(events).toEqual([]);
    parse('ta: {"id":4}\n\n: keep-alive\r\n\r\ndata: a\ndata: b\n\n');
    expect(events).toEqual([
      { event: 'notification', data: '{"id":4}' },
      { event: 'message', data: 'a\nb' },
    ]);
  });
});

describe('notification stream', () => {
  it('sends the token, hands over notifications, and says when the line is live and when it drops', async () => {
    const states: StreamState[] = [];
    const received: unknown[] = [];
    const fetchFn = vi.fn<typeof fetch>(() =>
      Promise.resolve(
        new Response(streamOf([': connected\n\n', 'event: notification\ndata: {"id":7}\n\n']), {
          status: 200,
        }),
      ),
    );
    const stop = watchNotificationStream({
      connect: () => Promise.resolve({ url: 'https://gateway.test/stream', token: 'abc' }),
      onNotification: (payload) => received.push(payload),
      onStateChange: (state) => states.push(state),
      fetchFn,
      retryMs: 10_000,
    });
    await vi.waitFor(() => expect(states).toEqual(['live', 'down']));
    stop();
    expect(received).toEqual([{ id: 7 }]);
    const init = fetchFn.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer abc');
  });

  it('falls back (down) when the stream cannot be opened, and tries again', async () => {
    vi.useFakeTimers();
    try {
      const states: StreamState[] = [];
      const fetchFn = vi.fn<typeof fetch>(() => Promise.resolve(new Response('', { status: 503 })));
      const stop = watchNotificationStream({
        connect: () => Promise.resolve({ url: 'https://gateway.test/stream', token: 'abc' }),
        onNotification: () => undefined,
        onStateChange: (state) => states.push(state),
        fetchFn,
        retryMs: 1_000,
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(states).toEqual(['down']);
      expect(fetchFn).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(fetchFn).toHaveBeenCalledTimes(2);
      // The pause doubles: nothing more at 1 s, the third try at 2 s.
      await vi.advanceTimersByTimeAsync(1_000);
      expect(fetchFn).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(fetchFn).toHaveBeenCalledTimes(3);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits the longest pause before opening again a line the gateway replaced by a newer one', async () => {
    // The gateway keeps a few lines per person and ends the oldest with `replaced`: trying again at once
    // would end another of the person's tabs, which would do the same, round and round.
    vi.useFakeTimers();
    try {
      const fetchFn = vi.fn<typeof fetch>(() =>
        Promise.resolve(
          new Response(streamOf([': connected\n\n', 'event: replaced\ndata: {}\n\n']), { status: 200 }),
        ),
      );
      const stop = watchNotificationStream({
        connect: () => Promise.resolve({ url: 'https://gateway.test/stream', token: 'abc' }),
        onNotification: () => undefined,
        onStateChange: () => undefined,
        fetchFn,
        retryMs: 1_000,
        maxRetryMs: 60_000,
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchFn).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(59_000);
      expect(fetchFn).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(fetchFn).toHaveBeenCalledTimes(2);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens nothing without a session', async () => {
    const fetchFn = vi.fn<typeof fetch>();
    const states: StreamState[] = [];
    const stop = watchNotificationStream({
      connect: () => Promise.resolve(null),
      onNotification: () => undefined,
      onStateChange: (state) => states.push(state),
      fetchFn,
      retryMs: 10_000,
    });
    await vi.waitFor(() => expect(states).toEqual(['down']));
    stop();
    expect(fetchFn).not.toHaveBeenCalled();
  });
});
