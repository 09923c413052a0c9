// New notifications without a reload: the gateway's server-sent events, read with fetch because an
// EventSource cannot send the bearer token. When the line cannot be opened or drops, the centre polls
// until it is back (the caller decides how), and the line is tried again with a growing pause.

export type StreamState = 'live' | 'down';

type ServerEvent = { event: string; data: string };

/** Splits a text/event-stream into events (comments and `retry:` lines are skipped). */
export function createEventStreamParser(onEvent: (event: ServerEvent) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon === 0) continue;
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) onEvent({ event, data: data.join('\n') });
      end = buffer.indexOf('\n\n');
    }
  };
}

export type NotificationStreamOptions = {
  /**
   * The stream's address and a fresh token, or null when there is no session: then nothing is opened
   * (a bare request would only earn a 401) and the stream waits as it does after a drop.
   */
  connect: () => Promise<{ url: string; token: string } | null>;
  onNotification: (payload: unknown) => void;
  onStateChange: (state: StreamState) => void;
  fetchFn?: typeof fetch;
  /**
   * Pause before the first connection. A line that never closes keeps the page from ever looking idle
   * to tools that wait for the network to settle, so it opens once the page has loaded.
   */
  startDelayMs?: number;
  /** First pause before trying again; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
};

/** Opens the stream and keeps it open until the returned function is called. */
export function watchNotificationStream(options: NotificationStreamOptions): () => void {
  const { retryMs = 3_000, maxRetryMs = 60_000, startDelayMs = 0 } = options;
  const controller = new AbortController();
  let pause = retryMs;
  let state: StreamState | null = null;
  const setState = (next: StreamState) => {
    if (next === state) return;
    state = next;
    options.onStateChange(next);
  };

  /** Answers true when the gateway ended the line for a newer one of the same person (it keeps a few). */
  const readOnce = async (): Promise<boolean> => {
    const target = await options.connect();
    if (target === null) throw new Error('no session');
    const fetchFn = options.fetchFn ?? fetch;
    const response = await fetchFn(target.url, {
      headers: { Accept: 'text/event-stream', Authorization: `Bearer ${target.token}` },
      signal: controller.signal,
      cache: 'no-store',
    });
    if (!response.ok || response.body === null) throw new Error(`stream answered ${String(response.status)}`);
    setState('live');
    pause = retryMs;
    let replaced = false;
    const parse = createEventStreamParser(({ event, data }) => {
      if (event === 'replaced') replaced = true;
      if (event !== 'notification') return;
      try {
        options.onNotification(JSON.parse(data));
      } catch {
        // A malformed event is skipped; the list is read again when the line comes back.
      }
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return replaced;
      parse(value);
    }
  };

  const stopped = () => controller.signal.aborted;
  void (async () => {
    if (startDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, startDelayMs));
    while (!stopped()) {
      let replaced = false;
      try {
        replaced = await readOnce();
      } catch {
        // Falls through to the pause below.
      }
      if (stopped()) return;
      setState('down');
      // Opening again at once would end another tab's line, which would do the same, round and round.
      await new Promise((resolve) => setTimeout(resolve, replaced ? maxRetryMs : pause));
      pause = Math.min(pause * 2, maxRetryMs);
    }
  })();

  return () => controller.abort();
}
