import type { Contact, HomeLayout, NotificationSettings } from '../../../kernel/contract/api.ts';
import type { UserRow } from '../db/store.ts';
import { HttpError, conflict } from '../http/http-error.ts';
import type { Handlers } from '../http/route-table.ts';
import { savedNotificationSettings, type NotificationSummary } from '../kernel/notification-shared.ts';
import { namesOf } from '../kernel/person-names.ts';
import {
  currentUser,
  entityPermissions,
  parseCodes,
  parseNumbers,
  requireMembership,
  type Deps,
} from '../kernel/deps.ts';

function toContact(user: UserRow, studioEditor: boolean): Contact {
  return {
    ...namesOf(user),
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
  const latestTerms = async (terms = store.terms) => {
    const latest = await terms.latest();
    if (!latest) throw new HttpError(404, 'not_found', 'No terms are published.');
    return latest;
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

    termsLatest: async () => {
      const terms = await latestTerms();
      return { termsId: terms.terms_id, version: terms.version, publishedAt: terms.published_at };
    },

    termsLatestContent: async ({ query }) => {
      const terms = await latestTerms();
      return {
        termsId: terms.terms_id,
        language: query.language,
        content: query.language === 'en' ? terms.content_en : terms.content_fr,
      };
    },

    termsState: async ({ session }) => {
      const terms = await latestTerms();
      const accepted = await store.terms.acceptedBy(Number(session.sub));
      return {
        isCurrent: accepted === terms.terms_id,
        terms: { termsId: terms.terms_id },
        acceptedBefore: accepted !== undefined,
      };
    },

    acceptTerms: async ({ session, query }) => {
      const user = await currentUser(deps, session);
      await store.inTransaction(async (trx) => {
        const terms = await latestTerms(trx.terms);
        if (query.termsId !== terms.terms_id)
          throw conflict(`Terms ${String(query.termsId)} are not the latest (${String(terms.terms_id)}).`);
        await trx.terms.accept(user.id, terms.terms_id, new Date().toISOString());
      });
      return undefined;
    },

    notificationSettings: async ({ session }) => {
      const saved = await store.notificationSettings.of(Number(session.sub));
      return savedNotificationSettings(saved);
    },

    saveNotificationSettings: async ({ session, body }) => {
      const user = await currentUser(deps, session);
      const settings: NotificationSettings = { favouritesOnly: body.favouritesOnly, types: body.types };
      await store.notificationSettings.save(user.id, JSON.stringify(settings), new Date().toISOString());
      return settings;
    },

    homeLayout: async ({ session, params }) => {
      const user = await currentUser(deps, session);
      await requireMembership(deps, user.id, params.accountId);
      const saved = await store.homeLayouts.of(user.id, params.accountId);
      return saved === undefined ? null : (JSON.parse(saved) as HomeLayout);
    },

    saveHomeLayout: async ({ session, params, body }) => {
      const user = await currentUser(deps, session);
      await requireMembership(deps, user.id, params.accountId);
      const layout: HomeLayout = {
        layout: body.layout.map(({ widget, x, y, w, h }) => ({ widget, x, y, w, h })),
      };
      await store.homeLayouts.save(
        user.id,
        params.accountId,
        JSON.stringify(layout),
        new Date().toISOString(),
      );
      return layout;
    },

    news: () => ({ items: [...deps.news.items] }),
  };
}
