import type { Logger } from '../logging/logger.ts';
import type { AnalyticsSink } from './analytics.ts';
import type { ConsentStore } from './consent.ts';

/** What the gate drives once loaded: a sink that can also drop what it holds (collector-sink.ts). */
type LoadedSink = AnalyticsSink & { discard(): void };

type InitArguments = Parameters<AnalyticsSink['init']>;
type Properties = Parameters<AnalyticsSink['track']>[1];

/** Events tracked after consent while the sink's chunk is still loading; more are dropped. */
const MAX_WAITING = 100;

/**
 * The analytics sink the login page carries: a few lines that send nothing until the person accepts the
 * analytics category, then load the real sink (its own chunk) and hand it everything from then on.
 * Events tracked before consent are dropped, not kept for later; withdrawing consent drops what waits.
 * Who is signed in is remembered (not sent) so that a consent given after sign-in still names them.
 */
export function createConsentGatedSink(options: {
  consent: Pick<ConsentStore, 'granted' | 'subscribe'>;
  load: () => Promise<LoadedSink>;
  logger: Logger;
}): AnalyticsSink {
  const { consent, logger } = options;
  let initArguments: InitArguments | undefined;
  let user: { id: string; properties: Properties } | undefined;
  let waiting: { event: string; properties: Properties }[] = [];
  let loaded: LoadedSink | undefined;
  let loading: Promise<void> | undefined;

  const allowed = () => consent.granted('analytics');

  function ensureLoaded(): void {
    if (loaded !== undefined || loading !== undefined) return;
    loading = options.load().then(
      (sink) => {
        loaded = sink;
        if (initArguments !== undefined) sink.init(...initArguments);
        if (user !== undefined) sink.identify(user.id, user.properties);
        const pending = allowed() ? waiting : [];
        waiting = [];
        for (const { event, properties } of pending) sink.track(event, properties);
      },
      (error: unknown) => {
        // Offline or a new deployment: the next event tries again.
        loading = undefined;
        logger.warn('analytics: the sink could not be loaded', error);
      },
    );
  }

  consent.subscribe(() => {
    if (allowed()) {
      if (loaded !== undefined && user !== undefined) loaded.identify(user.id, user.properties);
      ensureLoaded();
    } else {
      waiting = [];
      loaded?.discard();
    }
  });

  return {
    init(...args) {
      initArguments = args;
      if (allowed()) ensureLoaded();
    },
    identify(userId, properties) {
      user = { id: userId, properties };
      if (allowed()) loaded?.identify(userId, properties);
    },
    track(event, properties) {
      if (!allowed()) return;
      if (loaded !== undefined) {
        loaded.track(event, properties);
        return;
      }
      if (waiting.length < MAX_WAITING) waiting.push({ event, properties });
      ensureLoaded();
    },
    reset() {
      user = undefined;
      loaded?.reset();
    },
  };
}
