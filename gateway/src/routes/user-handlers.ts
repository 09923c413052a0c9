import type { Contact, HomeLayout, NotificationSettings } from '../../contract/api.ts';
import type { UserRow } from '../db/store.ts';
import { HttpError, conflict } from '../http/http-error.ts';
import type { Handlers } from '../http/route-table.ts';
import { defaultNotificationSettings } from '../notifications/notifications.ts';
import type { NotificationSummary } from '../notifications/notifications.ts';
import {
  currentUser,
  entityPermissions,
  parseCodes,
  parseNumbers,
  requireMembership,
  type Deps,
} from './deps.ts';

function toContact(user: UserRow, studioEditor: boolean): Contact {
  return {
    firstName: user.first_name,
    lastName: user.last_name,
    id: user.id,
    email: user.email,
    officeMobile: user.office_mobile,
    isCustomer: user.is_customer === 1,
    oldId: user.old_id,
    persona: user.is_customer === 1 ? 'Client' : 'Collaborateur',
    gigyaUserId: '',
    occupation: '',
    entities: [],
    ...(studioEditor ? { studioEditor } : {}),
  };
}

type UserRoutes =
  | 'userInformation'
  | 'contactMe'
  | 'currentUserPermissions'
  | 'termsLatest'
  | 'termsLatestContent'
  | 'termsState'
  | 'acceptTerms'
  | 'notificationSettings'
  | 'saveNotificationSettings'
  | 'homeLayout'
  | 'saveHomeLayout'
  | 'news';

export function userHandlers(
  deps: Deps,
  notificationSummary: (userId: number) => Promise<NotificationSummary>,
): Pick<Handlers, UserRoutes> {
  const { store } = deps;
  const latestTerms = () => {
    const terms = store.q.latestTerms.get();
    if (!terms) throw new HttpError(404, 'not_found', 'No terms are published.');
    return terms;
  };
  return {
    contactMe: async ({ session }) =>
      toContact(await currentUser(deps, session), await deps.isStudioEditor(Number(session.sub))),

    userInformation: async ({ session }) => {
      const user = await currentUser(deps, session);
      return {
        contact: toContact(user, await deps.isStudioEditor(user.id)),
        permissions: deps.catalogue.expand(parseCodes(user.global_permissions)),
        favoriteEntities: parseNumbers(user.favorite_entities),
        notifications: await notificationSummary(user.id),
      };
    },

    currentUserPermissions: async ({ session, query }) => {
      if (query.accountId === undefined) {
        const user = await currentUser(deps, session);
        return { accountId: null, permissions: deps.catalogue.expand(parseCodes(user.global_permissions)) };
      }
      // Hot path: users are never deleted, so a verified token's sub is enough to read the membership.
      const membership = await requireMembership(deps, Number(session.sub), query.accountId);
      return { accountId: query.accountId, permissions: entityPermissions(deps, membership) };
    },

    termsLatest: () => {
      const terms = latestTerms();
      return { termsId: terms.terms_id, version: terms.version, publishedAt: terms.published_at };
    },

    termsLatestContent: ({ query }) => {
      const terms = latestTerms();
      return {
        termsId: terms.terms_id,
        language: query.language,
        content: query.language === 'en' ? terms.content_en : terms.content_fr,
      };
    },

    termsState: ({ session }) => {
      const terms = latestTerms();
      const accepted = store.q.acceptedTerms.get(Number(session.sub));
      return { isCurrent: accepted?.terms_id === terms.terms_id, terms: { termsId: terms.terms_id } };
    },

    acceptTerms: async ({ session, query }) => {
      const user = await currentUser(deps, session);
      store.transaction(() => {
        const terms = latestTerms();
        if (query.termsId !== terms.terms_id)
          throw conflict(`Terms ${String(query.termsId)} are not the latest (${String(terms.terms_id)}).`);
        store.q.acceptTerms.run(user.id, terms.terms_id, new Date().toISOString());
      });
      return undefined;
    },

    notificationSettings: ({ session }) => {
      const row = store.q.notificationSettings.get(Number(session.sub));
      return row ? (JSON.parse(row.settings) as NotificationSettings) : defaultNotificationSettings();
    },

    saveNotificationSettings: async ({ session, body }) => {
      const user = await currentUser(deps, session);
      const settings: NotificationSettings = { favouritesOnly: body.favouritesOnly, types: body.types };
      store.transaction(() =>
        store.q.saveNotificationSettings.run(user.id, JSON.stringify(settings), new Date().toISOString()),
      );
      return settings;
    },

    homeLayout: async ({ session, params }) => {
      const user = await currentUser(deps, session);
      await requireMembership(deps, user.id, params.accountId);
      const row = store.q.homeLayout.get(user.id, params.accountId);
      return row ? (JSON.parse(row.layout) as HomeLayout) : null;
    },

    saveHomeLayout: async ({ session, params, body }) => {
      const user = await currentUser(deps, session);
      await requireMembership(deps, user.id, params.accountId);
      const layout: HomeLayout = {
        layout: body.layout.map(({ widget, x, y, w, h }) => ({ widget, x, y, w, h })),
      };
      store.transaction(() =>
        store.q.saveHomeLayout.run(
          user.id,
          params.accountId,
          JSON.stringify(layout),
          new Date().toISOString(),
        ),
      );
      return layout;
    },

    news: () => ({ items: [...deps.news.items] }),
  };
}
