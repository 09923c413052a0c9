// What the analytics collector received, one row per event (reset with the seed): written a batch at a
// time, counted per name for the admin call and `npm run analytics:report`, purged past the retention.
import type { Db } from '../db/connection.ts';

type Scalar = string | number | boolean;

type AnalyticsCount = { event: string; count: number };

/** Counts per event name, most frequent first (ties by name), optionally since an ISO time. */
export async function analyticsCounts(db: Db, since?: string): Promise<AnalyticsCount[]> {
  const rows = await db
    .selectFrom('analytics_events')
    .select((eb) => ['event', eb.fn.countAll<number | string>().as('count')])
    .where('received_at', '>=', since ?? '')
    .groupBy('event')
    .orderBy('count', 'desc')
    .orderBy('event')
    .execute();
  return rows.map((row) => ({ event: row.event, count: Number(row.count) }));
}

export function createAnalyticsStore(db: Db) {
  return {
    /** One batch, one statement: all its events or none. */
    async recordBatch(
      apiKey: string,
      user: { id: string; properties: Record<string, Scalar> } | undefined,
      events: readonly { event: string; time: string; properties?: Record<string, Scalar> }[],
      receivedAt: string,
    ): Promise<void> {
      if (events.length === 0) return;
      await db
        .insertInto('analytics_events')
        .values(
          events.map((event) => ({
            api_key: apiKey,
            event: event.event,
            user_id: user?.id ?? null,
            user_properties: JSON.stringify(user?.properties ?? {}),
            properties: JSON.stringify(event.properties ?? {}),
            occurred_at: event.time,
            received_at: receivedAt,
          })),
        )
        .execute();
    },
    counts: (since?: string) => analyticsCounts(db, since),
    /** The newest 50 received since an ISO time. */
    latest: (since?: string) =>
      db
        .selectFrom('analytics_events')
        .select(['event', 'user_id', 'properties', 'user_properties', 'received_at'])
        .where('received_at', '>=', since ?? '')
        .orderBy('id', 'desc')
        .limit(50)
        .execute(),
    async purgeOlderThan(at: string): Promise<void> {
      await db.deleteFrom('analytics_events').where('received_at', '<', at).execute();
    },
  };
}
