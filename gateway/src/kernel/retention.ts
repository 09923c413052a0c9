// Tables that only grow with use (analytics events, notifications) keep rows a number of days: what is
// older is purged once at start and then every hour, in the background, without holding the server open.
import type { Deps } from './deps.ts';

const DAY_MS = 86_400_000;
const PURGE_EVERY_MS = 3_600_000;

/**
 * Purges rows older than `retentionDays` (by `now`) now and every hour; a failed background purge is logged
 * as `failure` and tried again at the next hour. Answers the stop of the hourly purge.
 */
export async function keepDays(
  deps: Pick<Deps, 'log'>,
  purgeOlderThan: (isoDate: string) => Promise<unknown>,
  options: { retentionDays: number; now: () => number; failure: string },
): Promise<() => void> {
  const retentionMs = options.retentionDays * DAY_MS;
  const purge = () => purgeOlderThan(new Date(options.now() - retentionMs).toISOString());
  await purge();
  const purging = setInterval(() => {
    purge().catch((error: unknown) => {
      deps.log.error({ err: error }, options.failure);
    });
  }, PURGE_EVERY_MS);
  purging.unref();
  return () => {
    clearInterval(purging);
  };
}
