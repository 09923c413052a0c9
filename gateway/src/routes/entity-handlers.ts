import type { BiReport, Entity, RouteDefinition } from '../../contract/api.ts';
import { documents, indicators } from '../../seed/demo-data.ts';
import type { EntityRow, ReportRow } from '../db/store.ts';
import { forbidden, notFound } from '../http/http-error.ts';
import type { Handlers } from '../http/route-table.ts';
import { routes } from '../../contract/api.ts';
import { visibleValues } from './access.ts';
import { DOCUMENT_KIND_CODES } from '../../contract/documents-routes.ts';
import {
  currentUser,
  entityPermissions,
  requireAnyPermission,
  requireMembership,
  type Deps,
} from './deps.ts';

function toReport(row: ReportRow): BiReport {
  return {
    id: row.id,
    accountId: row.account_id,
    title: row.title,
    kind: row.kind === 'hr' ? 'hr' : 'financial',
    createdAt: row.created_at,
    createdBy: row.created_by,
  };
}

type SubscriptionStatus = Entity['subscriptions'][number]['status'];
const STATUSES: readonly SubscriptionStatus[] = ['validated', 'pending', 'refused', 'cancelled'];

type EntityRoutes =
  | 'accountsCurrentUser'
  | 'accountSummary'
  | 'reportsCurrentUser'
  | 'reports'
  | 'depositReport'
  | 'deleteReport'
  | 'subscriptions'
  | 'indicators'
  | 'documents';

export function entityHandlers(deps: Deps): Pick<Handlers, EntityRoutes> {
  const { store } = deps;

  function subscriptionsOf(accountId: number): Entity['subscriptions'] {
    return store.q.subscriptions.all(accountId).map((row) => ({
      offerCode: row.offer_code,
      status: STATUSES.find((status) => status === row.status) ?? 'pending',
    }));
  }

  function toEntity(row: EntityRow, isCustomer: boolean): Entity {
    return {
      accountId: row.account_id,
      accountNumber: row.account_number,
      name: row.name,
      subscriptions: subscriptionsOf(row.account_id),
      isClarityVisible: row.is_clarity_visible === 1,
      isSignatory: isCustomer && row.is_signatory === 1,
    };
  }

  function entitiesPage(userId: number, query: { page: number; pageSize: number; search: string }) {
    const pattern = store.likePattern(query.search.trim());
    const { total } = store.q.entitiesCount.get(userId, pattern, pattern) ?? { total: 0 };
    const rows = store.q.entitiesPage.all(
      userId,
      pattern,
      pattern,
      query.pageSize,
      (query.page - 1) * query.pageSize,
    );
    return { rows, total, currentPage: query.page, totalPage: Math.ceil(total / query.pageSize) };
  }

  /** The entity as seen by the current user, or 403 when they are not attached to it. */
  function attachedEntity(userId: number, accountId: number): EntityRow {
    const row = store.q.entity.get(userId, accountId);
    if (!row) throw forbidden();
    return row;
  }

  /** The report kinds (a JSON array) the user may see on the entity: SPEC 6 codes per kind. */
  async function reportKinds(
    userId: number,
    accountId: number,
    definition: RouteDefinition,
  ): Promise<string> {
    const held = new Set(entityPermissions(deps, await requireMembership(deps, userId, accountId)));
    return JSON.stringify(visibleValues(definition, held));
  }

  /** Membership of the entity with one of the route's codes, or 403 (not attached first, then no code). */
  async function requireEntityCode(userId: number, accountId: number, codes: readonly string[]) {
    const membership = await requireMembership(deps, userId, accountId);
    requireAnyPermission(deps, membership, codes);
    return membership;
  }

  return {
    accountsCurrentUser: async ({ session, query }) => {
      const user = await currentUser(deps, session);
      const page = entitiesPage(user.id, query);
      return {
        items: page.rows.map((row) => toEntity(row, user.is_customer === 1)),
        currentPage: page.currentPage,
        totalPage: page.totalPage,
        totalItems: page.total,
      };
    },

    accountSummary: async ({ session, params }) => {
      const user = await currentUser(deps, session);
      return toEntity(attachedEntity(user.id, params.id), user.is_customer === 1);
    },

    reportsCurrentUser: async ({ session, query }) => {
      const user = await currentUser(deps, session);
      const kinds = reportKinds(user.id, query.accountId, routes.reportsCurrentUser);
      const { total } = store.q.reportsCountOfKinds.get(query.accountId, await kinds) ?? { total: 0 };
      const rows = store.q.reportsPageOfKinds.all(
        query.accountId,
        await kinds,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return {
        items: rows.map(toReport),
        currentPage: query.page,
        totalPage: Math.ceil(total / query.pageSize),
        totalItems: total,
      };
    },

    reports: async ({ session, query }) => {
      const user = await currentUser(deps, session);
      const kinds = reportKinds(user.id, query.accountId, routes.reports);
      return { items: store.q.reportsPageOfKinds.all(query.accountId, await kinds, -1, 0).map(toReport) };
    },

    depositReport: async ({ session, body }) => {
      const user = await currentUser(deps, session);
      requireAnyPermission(
        deps,
        await requireMembership(deps, user.id, body.accountId),
        routes.depositReport.requiresAnyOf,
      );
      const row = store.transaction(() =>
        store.q.insertReport.get(body.accountId, body.title, body.kind, new Date().toISOString(), user.id),
      );
      if (!row) throw new Error('report insert returned nothing');
      return toReport(row);
    },

    deleteReport: async ({ session, params }) => {
      const user = await currentUser(deps, session);
      const report = store.q.report.get(params.id);
      const accountId = report?.account_id ?? store.q.deletedReport.get(params.id)?.account_id;
      // An id that never existed is answered like a report of another entity: ids reveal nothing.
      if (accountId === undefined) throw forbidden();
      await requireEntityCode(user.id, accountId, routes.deleteReport.requiresAnyOf);
      store.transaction(() => {
        // Deleted meanwhile by someone else: the second delete answers as it would have after it.
        if (!store.q.report.get(params.id)) throw notFound(`Report ${String(params.id)}`);
        store.q.deleteReport.run(params.id);
        store.q.insertDeletedReport.run(params.id, accountId);
      });
      return undefined;
    },

    subscriptions: async ({ session, params }) => {
      const user = await currentUser(deps, session);
      await requireMembership(deps, user.id, params.id);
      return { items: subscriptionsOf(params.id) };
    },

    indicators: async ({ session, params }) => {
      const user = await currentUser(deps, session);
      await requireEntityCode(user.id, params.id, routes.indicators.requiresAnyOf);
      return { items: indicators(params.id) };
    },

    documents: async ({ session, params, query }) => {
      const user = await currentUser(deps, session);
      await requireEntityCode(user.id, params.id, routes.documents.requiresAnyOf);
      // Each kind has its own codes: payslips (social management) are never read with CLGED0002 alone.
      await requireEntityCode(user.id, params.id, DOCUMENT_KIND_CODES[query.kind]);
      return { items: documents(params.id, query.kind) };
    },
  };
}
