import type { Logger } from '../logging/logger.ts';
import type { AnalyticsSink } from './analytics.ts';

type Properties = Readonly<Record<string, string | number | boolean>>;

type QueuedEvent = { event: string; time: string; properties: Properties };

/** Calls `onHidden` whenever the page is hidden or left; returns the function that stops listening. */
type PageHiddenWatch = (onHidden: () => void) => () => void;

/**
 * The browser's "the person may be leaving" moments: the tab hidden (the last event mobile browsers
 * reliably give) and the page left.
 */
function watchBrowserPageHidden(onHidden: () => void): () => void {
  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') onHidden();
  };
  window.addEventListener('pagehide', onHidden);
  document.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    window.removeEventListener('pagehide', onHidden);
    document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}

export type CollectorSinkOptions = {
  /** The collector's address (the gateway's `analytics` service, `/events`). */
  url: string;
  logger: Logger;
  /** Sent as soon as this many events wait (the collector takes at most 20 per batch). */
  batchSize?: number;
  /** A lone event waits at most this long for company. */
  flushIntervalMs?: number;
  /** navigator.sendBeacon, bound; absent in browsers without it (fetch with keepalive then). */
  sendBeacon?: (url: string, data: string) => boolean;
  fetch?: typeof fetch;
  /** How the page says it is hidden; the browser's by default. */
  watchPageHidden?: PageHiddenWatch;
  now?: () => Date;
  /**
   * The person's session token, sent with the batches of an identified person: the collector takes the
   * user from it (a user named in the body could be anyone). In the body, as a beacon carries no header.
   */
  sessionToken?: () => string | null;
};

/** The lazily loaded part of analytics: a sink that batches events to the collector. */
export type CollectorSink = AnalyticsSink & {
  /** Sends what is queued now: by fetch, or by beacon when the page is going away. */
  flush(transport: 'fetch' | 'beacon'): void;
  /** Forgets what is queued without sending it (consent withdrawn). */
  discard(): void;
  /** Stops listening to the page (tests; a portal lives as long as its page). */
  dispose(): void;
};

const MAX_BATCH = 20;

/**
 * Events wait in a queue and leave in batches: when `batchSize` are waiting, after `flushIntervalMs`, and
 * with sendBeacon when the page is hidden or left (a fetch may be cut off then; a beacon is not). The
 * consent gate is the caller's (consent-gated-sink.ts): this sink sends whatever it is given.
 */
export function createCollectorSink(options: CollectorSinkOptions): CollectorSink {
  const { url, logger } = options;
  const batchSize = Math.min(options.batchSize ?? 20, MAX_BATCH);
  const flushIntervalMs = options.flushIntervalMs ?? 5000;
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sendBeacon =
    options.sendBeacon ??
    (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
      ? (target: string, data: string) => navigator.sendBeacon(target, data)
      : undefined);
  const now = options.now ?? (() => new Date());
  let apiKey = '';
  let identified = false;
  let queue: QueuedEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  function clearTimer(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  function payload(events: readonly QueuedEvent[]): string {
    const token = identified ? options.sessionToken?.() : null;
    return JSON.stringify({ apiKey, ...(token ? { token } : {}), events });
  }

  function send(body: string, transport: 'fetch' | 'beacon'): void {
    if (transport === 'beacon' && sendBeacon?.(url, body) === true) return;
    // keepalive lets the request outlive the page when the beacon was refused (or is missing).
    doFetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      keepalive: true,
      credentials: 'omit',
    }).then(
      (response) => {
        if (!response.ok) logger.warn(`analytics: the collector answered ${String(response.status)}`);
      },
      (error: unknown) => {
        // Analytics is never worth a retry loop or a message on screen.
        logger.warn('analytics: a batch could not be sent', error);
      },
    );
  }

  function flush(transport: 'fetch' | 'beacon'): void {
    clearTimer();
    if (queue.length === 0 || apiKey === '') return;
    const events = queue;
    queue = [];
    for (let start = 0; start < events.length; start += MAX_BATCH)
      send(payload(events.slice(start, start + MAX_BATCH)), transport);
  }

  const stopWatching = (options.watchPageHidden ?? watchBrowserPageHidden)(() => flush('beacon'));

  return {
    init(key) {
      apiKey = key;
    },
    identify() {
      // What was queued belongs to whoever was identified before. The collector reads who this is from
      // the session token; the id and properties given here are the vendor script's business.
      flush('fetch');
      identified = true;
    },
    track(event, properties) {
      queue.push({ event, time: now().toISOString(), properties });
      if (queue.length >= batchSize) flush('fetch');
      else timer ??= setTimeout(() => flush('fetch'), flushIntervalMs);
    },
    reset() {
      flush('fetch');
      identified = false;
    },
    flush,
    discard() {
      clearTimer();
      queue = [];
    },
    dispose() {
      clearTimer();
      stopWatching();
    },
  };
}
