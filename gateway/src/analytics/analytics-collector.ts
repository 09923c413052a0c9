// The analytics collector: batches from the portal's sink stored one row per event in analytics_events
// (reset with the seed), counted for tests and `npm run analytics:report`.
import type { Database } from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../contract/api.ts';
import type { Handlers } from '../http/route-table.ts';

type Scalar = string | number | boolean;

export type AnalyticsCount = { event: string; count: number };

/** Counts per event name, most frequent first (ties by name), optionally since an ISO time. */
export function analyticsCounts(db: Database, since?: string): AnalyticsCount[] {
  return db
    .prepare<[string], AnalyticsCount>(
      'SELECT event, COUNT(*) AS count FROM analytics_events WHERE received_at >= ? GROUP BY event ORDER BY count DESC, event',
    )
    .all(since ?? '');
}

const parseRecord = (json: string): Record<string, Scalar> => JSON.parse(json) as Record<string, Scalar>;

/**
 * navigator.sendBeacon sends a string body as text/plain (a JSON type would need a CORS preflight a
 * beacon cannot make): the collector's text/plain body is JSON; elsewhere text/plain stays a string.
 */
export function installCollectorBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (request.url.split('?')[0] !== routes.collectAnalytics.path) {
      done(null, text);
      return;
    }
    void parseJson(request, text, done);
  });
}

export function analyticsHandlers(db: Database): Pick<Handlers, 'collectAnalytics' | 'adminAnalyticsCounts'> {
  const insert = db.prepare<[string, string, string | null, string, string, string, string]>(
    'INSERT INTO analytics_events (api_key, event, user_id, user_properties, properties, occurred_at, received_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const latest = db.prepare<
    [string],
    {
      event: string;
      user_id: string | null;
      properties: string;
      user_properties: string;
      received_at: string;
    }
  >(
    'SELECT event, user_id, properties, user_properties, received_at FROM analytics_events WHERE received_at >= ? ORDER BY id DESC LIMIT 50',
  );
  const storeBatch = db.transaction(
    (
      apiKey: string,
      user: { id: string; properties?: Record<string, Scalar> } | undefined,
      events: readonly { event: string; time: string; properties?: Record<string, Scalar> }[],
    ) => {
      const receivedAt = new Date().toISOString();
      for (const event of events)
        insert.run(
          apiKey.trim(),
          event.event,
          user?.id ?? null,
          JSON.stringify(user?.properties ?? {}),
          JSON.stringify(event.properties ?? {}),
          event.time,
          receivedAt,
        );
    },
  );
  return {
    collectAnalytics: ({ body }) => {
      storeBatch(body.apiKey, body.user, body.events);
      return undefined;
    },
    adminAnalyticsCounts: ({ query }) => ({
      counts: analyticsCounts(db, query.since),
      latest: latest.all(query.since ?? '').map((row) => ({
        event: row.event,
        userId: row.user_id,
        properties: parseRecord(row.properties),
        userProperties: parseRecord(row.user_properties),
        receivedAt: row.received_at,
      })),
    }),
  };
}
