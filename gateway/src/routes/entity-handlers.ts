import type { BiReport, Entity } from '../../../kernel/contract/api.ts';
import type { RouteDefinition } from '../../../kernel/contract/route-definition.ts';
import { documents, indicators } from '../../seed/demo-data.ts';
import type { EntityRow, ReportRow } from '../db/store.ts';
import { forbidden, notFound } from '../http/http-error.ts';
import type { Handlers } from '../http/route-table.ts';
import { routes } from '../../../kernel/contract/api.ts';
import { visibleValues } from './access.ts';
import { DOCUMENT_KIND_CODES } from '../../../kernel/contract/documents-routes.ts';
import {
  currentUser,
  entityPermissions,
  requireAnyPermission,
  requireMembership,
  type Deps,
} from '../kernel/deps.ts';
import { entityRow } from '../kernel/entity-row.ts';

function toReport(row: ReportRow): BiReport {
  return {
    ...entityRow(row),
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

  async function subscriptionsOf(accountId: number): Promise<Entity['subscriptions']> {
    return (await store.entities.subscriptions(accountId)).map((row) => ({
      offerCode: row.offer_code,
      status: STATUSES.find((status) => status === row.status) ?? 'pending',
    }));
  }

  async function toEntity(row: EntityRow, isCustomer: boolean): Promise<Entity> {
    return {
      accountId: row.account_id,
      accountNumber: row.account_number,
      name: row.name,
      subscriptions: await subscriptionsOf(row.account_id),
      isClarityVisible: row.is_clarity_visible === 1,
      isSignatory: isCustomer && row.is_signatory === 1,
    };
  }

  async function entitiesPage(userId: number, query: { page: number; pageSize: number; search: string }) {
    const search = query.search.trim();
    const total = await store.entities.count(userId, search);
    const rows = await store.entities.page(userId, search, query.pageSize, (query.page - 1) * query.pageSize);
    return { rows, total, currentPage: query.page, totalPage: Math.ceil(total / query.pageSize) };
  }

  /** The entity as seen by the current user, or 403 when they are not attached to it. */
  async function attachedEntity(userId: number, accountId: number): Promise<EntityRow> {
    const row = await store.entities.ofMember(userId, accountId);
    if (!row) throw forbidden();
    return row;
  }

  /** The report kinds the user may see on the entity: SPEC 6 codes per kind. */
  async function reportKinds(
    userId: number,
    accountId: number,
    definition: RouteDefinition,
  ): Promise<string[]> {
    const held = new Set(entityPermissions(deps, await requireMembership(deps, userId, accountId)));
    return visibleValues(definition, held);
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
      const page = await entitiesPage(user.id, query);
      return {
        items: await Promise.all(page.rows.map((row) => toEntity(row, user.is_customer === 1))),
        currentPage: page.currentPage,
        totalPage: page.totalPage,
        totalItems: page.total,
      };
    },

    accountSummary: async ({ session, params }) => {
      const user = await currentUser(deps, session);
      return toEntity(await attachedEntity(user.id, params.id), user.is_customer === 1);
    },

    reportsCurrentUser: async ({ session, query }) => {
      const user = await currentUser(deps, session);
      const kinds = await reportKinds(user.id, query.accountId, routes.reportsCurrentUser);
      const total = await store.reports.countOfKinds(query.accountId, kinds);
      const rows = await store.reports.ofKinds(query.accountId, kinds, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: rows.map(toReport),
        currentPage: query.page,
        totalPage: Math.ceil(total / query.pageSize),
        totalItems: total,
      };
    },

    reports: async ({ session, query }) => {
      const user = await currentUser(deps, session);
      const kinds = await reportKinds(user.id, query.accountId, routes.reports);
      return { items: (await store.reports.ofKinds(query.accountId, kinds)).map(toReport) };
    },

    depositReport: async ({ session, body }) => {
      const user = await currentUser(deps, session);
      requireAnyPermission(
        deps,
        await requireMembership(deps, user.id, body.accountId),
        routes.depositReport.requiresAnyOf,
      );
      const row = await store.reports.insert({
        accountId: body.accountId,
        title: body.title,
        kind: body.kind,
        createdAt: new Date().toISOString(),
        createdBy: user.id,
      });
      return toReport(row);
    },

    deleteReport: async ({ session, params }) => {
      const user = await currentUser(deps, session);
      const report = await store.reports.byId(params.id);
      const accountId = report?.account_id ?? (await store.reports.deletedAccountOf(params.id));
      // An id that never existed is answered like a report of another entity: ids reveal nothing.
      if (accountId === undefined) throw forbidden();
      await requireEntityCode(user.id, accountId, routes.deleteReport.requiresAnyOf);
      await store.inTransaction(async (trx) => {
        // Deleted meanwhile by someone else: the second delete answers as it would have after it.
        if (!(await trx.reports.byId(params.id))) throw notFound(`Report ${String(params.id)}`);
        await trx.reports.delete(params.id, accountId);
      });
      return undefined;
    },

    subscriptions: async ({ session, params }) => {
      const user = await currentUser(deps, session);
      await requireMembership(deps, user.id, params.id);
      return { items: await subscriptionsOf(params.id) };
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
