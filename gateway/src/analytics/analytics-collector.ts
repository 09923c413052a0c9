// The analytics collector: batches from the portal's sink stored one row per event in analytics_events
// (reset with the seed), counted for tests and `npm run analytics:report`. The route needs no session (a
// beacon cannot carry a header), so it bounds what it takes by itself: the configured key, a rate per
// client address, sizes (the contract's schema and a body limit), and a retention with its purge.
import type { FastifyInstance } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { routes } from '../../../kernel/contract/api.ts';
import type { Limit } from '../auth/throttle.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http/http-error.ts';
import type { Handlers } from '../http/route-table.ts';
import type { Deps } from '../kernel/deps.ts';
import { keepDays } from '../kernel/retention.ts';
import { createAnalyticsStore } from './analytics-store.ts';

type Scalar = string | number | boolean;

/**
 * Batches per client address: a tab sends one every 5 s at most (collector-sink.ts), so a dozen tabs of
 * an office behind one address stay well under it, while a script is slowed to one a second.
 */
export const ANALYTICS_PER_ADDRESS: Limit = { max: 60, windowMs: 60_000 };

/** Largest body: 20 events of real names and properties weigh about 2 KiB. */
const BODY_LIMIT = 16 * 1024;

/** Default days an event is kept (GATEWAY_ANALYTICS_RETENTION_DAYS). */
const ANALYTICS_RETENTION_DAYS = 90;

const parseRecord = (json: string): Record<string, Scalar> => JSON.parse(json) as Record<string, Scalar>;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * navigator.sendBeacon sends a string body as text/plain (a JSON type would need a CORS preflight a
 * beacon cannot make): the collector's text/plain body is JSON; elsewhere text/plain stays a string.
 * The collector's bodies are also held to BODY_LIMIT (the gateway's is larger).
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
  app.addHook('onRoute', (route) => {
    if (route.url === routes.collectAnalytics.path && route.method === routes.collectAnalytics.method)
      route.bodyLimit = BODY_LIMIT;
  });
}

export type AnalyticsCollector = {
  handlers: Pick<Handlers, 'collectAnalytics' | 'adminAnalyticsCounts'>;
  /** Stops the periodic purge (the server is closing). */
  close: () => void;
};

export async function createAnalyticsCollector(
  deps: Deps,
  db: Db,
  options: { apiKey?: string; retentionDays?: number; now?: () => number },
): Promise<AnalyticsCollector> {
  // Compared as digests in constant time: the answer's timing tells nothing of the key.
  const expected = options.apiKey?.trim() ? digest(options.apiKey.trim()) : undefined;
  const store = createAnalyticsStore(db);
  const now = options.now ?? Date.now;
  const stopPurging = await keepDays(deps, (at) => store.purgeOlderThan(at), {
    retentionDays: options.retentionDays ?? ANALYTICS_RETENTION_DAYS,
    now,
    failure: 'analytics purge failed',
  });

  /**
   * The person of a valid session token, with SPEC 5's properties from the gateway's own records: a body
   * can name anyone, so a user is never taken from it. An expired or unknown token (a beacon sent from a
   * tab left open) stores the events anonymously rather than losing them.
   */
  const userOf = async (token: string | undefined) => {
    const claims = token === undefined ? null : await deps.tokens.verify(token);
    const row = claims === null ? undefined : await deps.store.users.byId(Number(claims.sub));
    if (!row) return undefined;
    const properties: Record<string, Scalar> = {
      userType: row.is_customer === 1 ? 'Client' : 'Collaborateur',
    };
    if (row.email.trim() !== '') properties['email'] = row.email;
    return { id: String(row.id), properties };
  };

  return {
    close: stopPurging,
    handlers: {
      collectAnalytics: async ({ body, request }) => {
        // Counted before the key is checked: guessing keys costs the same as sending events.
        await deps.throttle.take([[`analytics:${request.ip}`, ANALYTICS_PER_ADDRESS]]);
        const apiKey = body.apiKey.trim();
        if (expected === undefined || !timingSafeEqual(digest(apiKey), expected))
          throw new HttpError(401, 'invalid_api_key', 'This analytics key is not the portal’s.');
        await store.recordBatch(apiKey, await userOf(body.token), body.events, new Date(now()).toISOString());
        return undefined;
      },
      adminAnalyticsCounts: async ({ query }) => ({
        counts: await store.counts(query.since),
        latest: (await store.latest(query.since)).map((row) => ({
          event: row.event,
          userId: row.user_id,
          properties: parseRecord(row.properties),
          userProperties: parseRecord(row.user_properties),
          receivedAt: row.received_at,
        })),
      }),
    },
  };
}
