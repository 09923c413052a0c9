import { HttpError } from '../http/http-error.ts';
import type { Handlers } from '../http/route-table.ts';
import type { Deps } from '../kernel/deps.ts';

export function adminHandlers(
  deps: Deps,
): Pick<
  Handlers,
  'adminAddFault' | 'adminClearFaults' | 'adminSetNews' | 'adminReset' | 'adminExpireResetLinks'
> {
  return {
    adminExpireResetLinks: async ({ body }) => {
      await deps.store.resetTokens.expireForEmail(body.email.trim(), Math.floor(Date.now() / 1000));
      return undefined;
    },
    adminAddFault: ({ body }) => {
      try {
        new RegExp(body.pathPattern);
      } catch {
        throw new HttpError(422, 'invalid_body', 'pathPattern is not a valid regular expression.');
      }
      if (body.status === undefined && body.latencyMs === undefined && body.drop === undefined) {
        throw new HttpError(422, 'invalid_body', 'A fault needs a status, a latencyMs or drop.');
      }
      return { id: deps.faults.add(body) };
    },
    adminClearFaults: () => {
      deps.faults.clear();
      return undefined;
    },
    adminSetNews: ({ body }) => {
      deps.news.items = body.items.map(({ title, link, publishedAt, summaryHtml }) => ({
        title,
        link,
        publishedAt,
        summaryHtml,
      }));
      return undefined;
    },
    adminReset: async () => {
      await deps.reseed();
      return undefined;
    },
  };
}
